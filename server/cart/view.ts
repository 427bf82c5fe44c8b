import type { Request, Response } from 'express';
import type { Db } from '../db';
import { decimalAmount, formatMoney } from '../shared/money';
import { type Cart, type CartLine, type CartSummary, findCart, summarizeCart } from './cart';
import { methodIdsFor } from './actions';
import { knownCurrency, loadRates, visitorCurrency } from '../currencies/rates';

// What the cart's answers show: the spec's cart info (JSON), the cart page model and the mini cart model.

/**
 * The request's cart, summarised, or null. The cart follows the visitor's currency (the currency widget
 * sets the cookie; the cart is re-priced from the catalog prices on every read).
 */
export async function loadSummary(req: Request, res: Response): Promise<{ cart: Cart; summary: CartSummary } | null> {
  const db = req.app.locals.db as Db;
  const cart = await findCart(req);
  if (!cart) return null;
  const currency = knownCurrency(visitorCurrency(req), await loadRates(db));
  if (cart.currency !== currency) {
    await db.updateTable('carts').set({ currency, updated_at: Date.now() }).where('id', '=', cart.id).execute();
    cart.currency = currency;
  }
  return { cart, summary: await summarizeCart(db, cart, { culture: res.locals.culture }) };
}

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
export async function cartPageModel(req: Request, res: Response, loaded: { cart: Cart; summary: CartSummary } | null, changedItemId: number | null) {
  const db = req.app.locals.db as Db;
  const culture: string = res.locals.culture;
  const countries = await db
    .selectFrom('countries as c')
    .leftJoin('country_translations as t', (join) => join.onRef('t.country_id', '=', 'c.id').on('t.culture', '=', culture))
    .select(['c.id', 'c.code', 'c.vat_rate_bp', 't.name'])
    .orderBy('c.position')
    .execute();
  const cart = loaded?.cart ?? null;
  const summary = loaded?.summary ?? null;
  const currency = summary?.currency ?? 'EUR';
  const show = (cents: number) => money(cents, currency, culture);
  const methodIds = cart?.shippingCountryId ? await methodIdsFor(db, cart.shippingCountryId) : null;
  let methodsQuery = db
    .selectFrom('shipping_methods as m')
    .leftJoin('shipping_method_translations as t', (join) => join.onRef('t.shipping_method_id', '=', 'm.id').on('t.culture', '=', culture))
    .select(['m.id', 'm.code', 'm.carrier', 'm.price_incl_cents', 'm.currency', 'm.free_from_cents', 't.name'])
    .orderBy('m.position');
  if (methodIds) methodsQuery = methodIds.length ? methodsQuery.where('m.id', 'in', methodIds) : methodsQuery.where('m.id', '=', -1);
  const methods = await methodsQuery.execute();
  const city = cart?.cityId ? await db.selectFrom('cities').select(['id', 'name', 'postal_code']).where('id', '=', cart.cityId).executeTakeFirst() : undefined;
  const changed = summary?.lines.find((line) => line.id === changedItemId);
  return {
    title: res.locals.t('ShoppingCarts.Title'),
    summary,
    cart,
    show,
    lines: (summary?.lines ?? []).map((line) => ({ ...line, unitHtml: show(line.unitInclCents), totalHtml: show(line.totalInclCents) })),
    countries: countries.map((country) => ({ id: country.id, code: country.code, name: country.name ?? country.code })),
    methods: methods.map((method) => ({
      id: method.id,
      code: method.code,
      carrier: method.carrier,
      name: method.name ?? method.code,
      selected: cart?.shippingMethodId === method.id,
      priceHtml: summary?.shipping && summary.shipping.methodId === method.id ? (summary.shipping.inclCents === 0 ? res.locals.t('ShoppingCarts.FreeShipping') : show(summary.shipping.inclCents)) : null,
    })),
    cityLabel: city ? `${city.postal_code} ${city.name}` : '',
    changedMessage: changed ? quantityChangedMessage(res, changed) : null,
    citiesUrl: cart?.shippingCountryId ? `${res.locals.basePath}/api/v1/countries/${cart.shippingCountryId}/cities/` : null,
  };
}
