import type { Response } from 'express';
import { decimalAmount, formatMoney } from '../shared/money';
import type { AddedToCart, LoadedCart } from './actions';
import type { deliveryOptions } from './delivery';
import { imageSet, pictures } from '../catalog/urls';
import type { CartLine, CartSummary } from './pricing';

// What the cart's answers show, built from what the handler loaded (no query here): the spec's cart
// info (JSON), the add-to-cart event, the cart page model.

const money = (cents: number, currency: string, culture: string) => formatMoney({ cents, currency }, culture);

/** GET {app}/api/v1/shoppingcarts: ItemsCount, AmountTaxInclHtml, AmountTaxExclHtml, and the rest of the cart. */
export function cartInfo(summary: CartSummary | null, culture: string) {
  const currency = summary?.currency ?? 'EUR';
  const show = (cents: number) => money(cents, currency, culture);
  return {
    CartId: summary?.cartId ?? null,
    ItemsCount: summary?.itemsCount ?? 0,
    AmountTaxInclHtml: show(summary?.totalInclCents ?? 0),
    AmountTaxExclHtml: show(summary?.totalExclCents ?? 0),
    AmountTaxIncl: Number(decimalAmount(summary?.totalInclCents ?? 0)),
    AmountTaxExcl: Number(decimalAmount(summary?.totalExclCents ?? 0)),
    CurrencyCode: currency,
    SubtotalTaxInclHtml: show(summary?.subtotalInclCents ?? 0),
    SubtotalTaxExclHtml: show(summary?.subtotalExclCents ?? 0),
    ShippingTaxInclHtml: summary?.shipping ? show(summary.shipping.inclCents) : null,
    DiscountTaxInclHtml: summary?.discount ? show(summary.discount.inclCents) : null,
    TaxAmountHtml: show(summary?.taxCents ?? 0),
    Items: (summary?.lines ?? []).map((line) => ({
      Id: line.id,
      ProductVariantId: line.variantId,
      ProductId: line.productId,
      SKU: line.sku,
      Name: line.name,
      Quantity: line.quantity,
      UnitPriceTaxIncl: Number(decimalAmount(line.unitInclCents)),
      UnitPriceTaxInclHtml: show(line.unitInclCents),
      AmountTaxInclHtml: show(line.totalInclCents),
      AmountTaxExclHtml: show(line.totalExclCents),
      ItemOrigin: line.origin,
      ItemKey: line.itemKey,
    })),
  };
}

/** The tag-manager add_to_cart event for a line (price is the unit price tax-incl, value price × quantity added). */
export function addToCartEvent(line: CartLine, quantity: number, currency: string) {
  const price = Number(decimalAmount(line.unitInclCents));
  const value = Number(decimalAmount(line.unitInclCents * quantity));
  return {
    event: 'add_to_cart',
    currencyCode: currency,
    value,
    ecommerce: {
      currencyCode: currency,
      value,
      items: [{ item_name: line.name, item_id: line.sku || String(line.variantId), sku: line.sku, price, item_brand: line.brand ?? '', item_category: line.category ?? '', quantity, index: 0 }],
    },
  };
}

/** The 'ShoppingCarts.QuantityChangedMessage' notice of a line, translated. */
export function quantityChangedMessage(res: Response, line: Pick<CartLine, 'origin' | 'itemKey' | 'name'>): string {
  return res.locals.t('ShoppingCarts.QuantityChangedMessage', { origin: line.origin, key: line.itemKey ?? '', name: line.name, interpolation: { escapeValue: false } });
}

/** The cart page: lines, amounts, countries, the methods that ship to the chosen country, the city. */
export function cartPageModel(
  res: Response,
  loaded: LoadedCart | null,
  { countries, methods, city }: Awaited<ReturnType<typeof deliveryOptions>>,
  { changedItemId, links }: { changedItemId: number | null; links: Map<number, string> },
) {
  const culture: string = res.locals.culture;
  const cart = loaded?.cart ?? null;
  const summary = loaded?.summary ?? null;
  const currency = summary?.currency ?? 'EUR';
  const show = (cents: number) => money(cents, currency, culture);
  const changed = summary?.lines.find((line) => line.id === changedItemId);
  return {
    title: res.locals.t('ShoppingCarts.Title'),
    summary,
    cart,
    show,
    lines: (summary?.lines ?? []).map((line) => ({
      ...line,
      unitHtml: show(line.unitInclCents),
      totalHtml: show(line.totalInclCents),
      href: links.get(line.productId) ?? null,
      // The chosen variant's picture (its colour's photo, else the product's), in the cart's sizes.
      image: imageSet(line.options?.image ?? null, pictures.cartLine, res.locals.basePath),
      optionsText: line.options?.text ?? '',
    })),
    countries: countries.map((country) => ({ id: country.id, code: country.code, name: country.name })),
    methods: methods.map((method) => ({
      id: method.id,
      code: method.code,
      carrier: method.carrier,
      name: method.name,
      selected: cart?.shippingMethodId === method.id,
      priceHtml: summary?.shipping && summary.shipping.methodId === method.id ? (summary.shipping.inclCents === 0 ? res.locals.t('ShoppingCarts.FreeShipping') : show(summary.shipping.inclCents)) : null,
    })),
    // The city serves the pickup point search: asked only when a pickup method (a carrier's) is chosen.
    pickupChosen: methods.some((method) => method.carrier !== 'none' && cart?.shippingMethodId === method.id),
    cityLabel: city ? `${city.postalCode} ${city.name}` : '',
    changedMessage: changed ? quantityChangedMessage(res, changed) : null,
    citiesUrl: cart?.shippingCountryId ? `${res.locals.basePath}/api/v1/countries/${cart.shippingCountryId}/cities/` : null,
  };
}

/** The add-to-cart confirmation (widgets/added-to-cart): the line's name, the quantity added, the cart's count and amounts. */
export function addedToCartModel(
  res: Response,
  summary: CartSummary | null,
  { itemId, quantity, changed, name }: { itemId: number; quantity: number; changed: boolean; name: string },
) {
  const info = cartInfo(summary, res.locals.culture);
  const line = summary?.lines.find((candidate) => candidate.id === itemId);
  return {
    name: line?.name ?? name,
    quantity,
    itemsCount: info.ItemsCount,
    amountInclHtml: info.AmountTaxInclHtml,
    amountExclHtml: info.AmountTaxExclHtml,
    changedMessage: changed && line ? quantityChangedMessage(res, line) : null,
    cartUrl: res.locals.href('shoppingcarts'),
  };
}

/** The add-to-cart API's answer: the line added, the cart info and the tag-manager event (field names of the specification). */
export function addedAnswer(res: Response, { line, added, summary }: AddedToCart, { variantId, name }: { variantId: number; name: string }) {
  const cartLine = summary?.lines.find((candidate) => candidate.id === line.itemId);
  return {
    Success: true,
    ProductVariantId: variantId,
    ItemId: line.itemId,
    Name: cartLine?.name ?? name,
    Quantity: added,
    LineQuantity: line.quantity,
    QuantityChanged: line.changed,
    QuantityChangedMessage: line.changed && cartLine ? quantityChangedMessage(res, cartLine) : null,
    Cart: cartInfo(summary, res.locals.culture),
    DataLayer: cartLine && added > 0 ? addToCartEvent(cartLine, added, summary?.currency ?? 'EUR') : null,
    CartUrl: res.locals.href('shoppingcarts'),
  };
}

/** The notices a no-JS add to cart leaves for the page it goes back to: added, and a quantity the server changed with its reason. */
export function addedNotices({ line, summary }: AddedToCart): { type: 'success' | 'info'; key: string; params?: Record<string, string | number> }[] {
  const cartLine = summary?.lines.find((candidate) => candidate.id === line.itemId);
  if (!line.changed || !cartLine) return [{ type: 'success', key: 'ShoppingCarts.AddedToCart' }];
  return [
    { type: 'success', key: 'ShoppingCarts.AddedToCart' },
    { type: 'info', key: 'ShoppingCarts.QuantityChangedMessage', params: { name: cartLine.name, origin: cartLine.origin, key: cartLine.itemKey ?? '' } },
    ...(line.reason ? [{ type: 'info' as const, ...line.reason }] : []),
  ];
}
