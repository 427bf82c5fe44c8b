import type { Db } from '../db';
import { findAccountById } from '../accounts/data';
import { unitPrice } from '../catalog/product-selection';
import { type VariantOptions, variantOptions } from '../catalog/variant-options';
import { checkCoupon, type CouponRefusal } from '../coupons/discount';
import { convertCents, loadRates } from '../currencies/rates';
import { prepaidVariantIds } from '../prepaid/data';
import { findShippingMethod, findShippingMethods, type ShippingMethod } from '../shipping/data';
import { exclOf, taxCountryOf } from '../shipping/tax';
import type { Cart } from './cart';
import { pricedItemRows, tierPricesOf } from './data';

// The cart's amounts: its lines priced from the catalog (tiers by quantity), shipping, the coupon's
// discount and the tax, in the cart's currency and integer cents.

export interface CartLine {
  id: number;
  variantId: number;
  productId: number;
  sku: string;
  name: string;
  brand: string | null;
  category: string | null;
  quantity: number;
  unitInclCents: number;
  unitExclCents: number;
  totalInclCents: number;
  totalExclCents: number;
  origin: string;
  itemKey: string | null;
  /** A prepaid account's product (a top-up): no coupon discounts it (docs/prepaid-accounts.md). */
  topUp: boolean;
  /** The chosen variant's option values in words and its picture (catalog/variant-options.ts); null for a variant gone. */
  options: VariantOptions | null;
}

export interface CartSummary {
  cartId: number;
  currency: string;
  lines: CartLine[];
  itemsCount: number;
  subtotalInclCents: number;
  subtotalExclCents: number;
  shipping: { methodId: number; inclCents: number; exclCents: number } | null;
  discount: { code: string; inclCents: number; exclCents: number } | null;
  /** Why the cart's coupon gives no discount (null: no coupon, or it applies). */
  couponRefusal: CouponRefusal | null;
  taxes: { rateBp: number; cents: number }[];
  totalInclCents: number;
  totalExclCents: number;
  taxCents: number;
  reverseCharge: boolean;
}

// The tax country and the tax-excl rule are the one rule the catalog's prices use too (server/shipping/tax.ts).
export { exclOf };

/** A cart's lines priced, and what its other amounts are priced by. */
interface PricedLines {
  lines: CartLine[];
  subtotalInclCents: number;
  subtotalExclCents: number;
  /** The VAT rate every amount carries (0 under the reverse charge). */
  rateBp: number;
  /** An amount of another currency in the cart's. */
  toCart: (cents: number, from: string) => number;
  /** The tax-incl price asked: under the reverse charge the catalog's tax-incl without the tax of the tax country. */
  asked: (inclCents: number) => number;
}

type ItemRow = Awaited<ReturnType<typeof pricedItemRows>>[number];
type TierRow = Awaited<ReturnType<typeof tierPricesOf>>[number];

/** One line priced: its tier by quantity, as asked, in the cart's currency; tax-excl at the rate. */
function priceLine(row: ItemRow, tiers: TierRow[], { toCart, asked, rateBp }: Pick<PricedLines, 'toCart' | 'asked' | 'rateBp'>): Omit<CartLine, 'options' | 'topUp'> {
  const quantity = row.quantity;
  const price = unitPrice(
    { priceInclCents: row.price_incl_cents, priceExclCents: row.price_excl_cents },
    tiers
      .filter((tier) => tier.variant_id === row.variant_id)
      .map((tier) => ({ minQuantity: tier.min_quantity, priceInclCents: tier.price_incl_cents, priceExclCents: tier.price_excl_cents })),
    quantity,
  );
  const unitInclCents = toCart(asked(price.inclCents), row.currency);
  const totalInclCents = unitInclCents * quantity;
  return {
    id: row.id,
    variantId: row.variant_id,
    productId: row.product_id,
    sku: row.sku,
    name: row.name ?? row.sku,
    brand: row.brand ?? null,
    category: row.category ?? null,
    quantity,
    unitInclCents,
    unitExclCents: exclOf(unitInclCents, rateBp),
    totalInclCents,
    totalExclCents: exclOf(totalInclCents, rateBp),
    origin: row.origin,
    itemKey: row.item_key === '' ? null : row.item_key,
  };
}

async function priceLines(db: Db, cart: Cart, { culture, reverseCharge }: { culture: string; reverseCharge: boolean }): Promise<PricedLines> {
  const [rows, country, rates] = await Promise.all([pricedItemRows(db, { cartId: cart.id, culture }), taxCountryOf(db, cart), loadRates(db)]);
  const rateBp = reverseCharge ? 0 : (country?.vatRateBp ?? 0);
  const variantIds = rows.map((row) => row.variant_id);
  const [tiers, options, topUps] = await Promise.all([tierPricesOf(db, { variantIds }), variantOptions(db, { variantIds, culture }), prepaidVariantIds(db, { variantIds })]);
  const toCart = (cents: number, from: string) => convertCents(cents, from, cart.currency, rates);
  const asked = (inclCents: number) => (reverseCharge ? exclOf(inclCents, country?.vatRateBp ?? 0) : inclCents);
  const lines = rows.map((row) => ({ ...priceLine(row, tiers, { toCart, asked, rateBp }), topUp: topUps.has(row.variant_id), options: options.get(row.variant_id) ?? null }));
  const subtotalInclCents = lines.reduce((sum, line) => sum + line.totalInclCents, 0);
  const subtotalExclCents = lines.reduce((sum, line) => sum + line.totalExclCents, 0);
  return { lines, subtotalInclCents, subtotalExclCents, rateBp, toCart, asked };
}

/** A shipping method's tax-incl charge on priced lines: 0 from its free-from amount (on the lines' tax-incl total) up, else its price as asked. */
function shippingCharge(priced: PricedLines, method: ShippingMethod): number {
  const free = method.freeFromCents !== null && priced.subtotalInclCents >= priced.toCart(method.freeFromCents, method.currency);
  return free ? 0 : priced.toCart(priced.asked(method.priceInclCents), method.currency);
}

async function shippingOf(db: Db, cart: Cart, priced: PricedLines): Promise<CartSummary['shipping']> {
  if (cart.shippingMethodId === null || priced.lines.length === 0) return null;
  const method = await findShippingMethod(db, { methodId: cart.shippingMethodId });
  if (!method) return null;
  const inclCents = shippingCharge(priced, method);
  return { methodId: method.id, inclCents, exclCents: exclOf(inclCents, priced.rateBp) };
}

type CouponOutcome = Pick<CartSummary, 'discount' | 'couponRefusal'>;

/**
 * The coupon's discount, on the lines it may discount: never a prepaid top-up (a discounted top-up would
 * credit more than was paid), so its minimum and its percentage count the other lines alone. Or why not.
 */
async function discountOf(db: Db, cart: Cart, { lines }: PricedLines): Promise<CouponOutcome> {
  if (!cart.couponCode || lines.length === 0) return { discount: null, couponRefusal: null };
  const sum = (chosen: CartLine[], key: 'totalInclCents' | 'totalExclCents') => chosen.reduce((total, line) => total + line[key], 0);
  const goods = lines.filter((line) => !line.topUp);
  const goodsInclCents = sum(goods, 'totalInclCents');
  const email = cart.userId ? ((await findAccountById(db, { userId: cart.userId }))?.email ?? null) : null;
  const topUpInclCents = sum(lines, 'totalInclCents') - goodsInclCents;
  const verdict = await checkCoupon(db, { code: cart.couponCode, subtotalInclCents: goodsInclCents, topUpInclCents, currency: cart.currency, userId: cart.userId, email });
  if (!verdict.applies) return { discount: null, couponRefusal: verdict.reason };
  const inclCents = Math.min(verdict.inclCents, goodsInclCents);
  if (inclCents <= 0) return { discount: null, couponRefusal: null };
  // Proportional on the tax-excl side: the discount carries the same share of tax as the lines it discounts.
  const exclCents = Math.round((inclCents * sum(goods, 'totalExclCents')) / goodsInclCents);
  return { discount: { code: verdict.code, inclCents, exclCents }, couponRefusal: null };
}

/**
 * The cart's amounts in its currency, integer cents. Catalog prices are tax-incl (tiers by quantity);
 * each amount's tax-excl is derived from it at the tax country's rate, so incl = excl + tax holds per
 * amount and in total, and lines + shipping − discount = total on both sides. With the reverse charge
 * every amount is its tax-excl and the tax is 0.
 */
export async function summarizeCart(db: Db, cart: Cart, options: { culture: string; reverseCharge?: boolean }): Promise<CartSummary> {
  const reverseCharge = options.reverseCharge ?? false;
  const priced = await priceLines(db, cart, { culture: options.culture, reverseCharge });
  const { lines, subtotalInclCents, subtotalExclCents, rateBp } = priced;
  const shipping = await shippingOf(db, cart, priced);
  const { discount, couponRefusal } = await discountOf(db, cart, priced);
  const totalInclCents = subtotalInclCents + (shipping?.inclCents ?? 0) - (discount?.inclCents ?? 0);
  const totalExclCents = subtotalExclCents + (shipping?.exclCents ?? 0) - (discount?.exclCents ?? 0);
  const taxCents = totalInclCents - totalExclCents;
  return {
    cartId: cart.id,
    currency: cart.currency,
    lines,
    itemsCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalInclCents,
    subtotalExclCents,
    shipping,
    discount,
    couponRefusal,
    taxes: lines.length ? [{ rateBp, cents: taxCents }] : [],
    totalInclCents,
    totalExclCents,
    taxCents,
    reverseCharge,
  };
}

/**
 * What each shipping method would cost this cart, tax-incl in the cart's currency: the shipping that
 * summarizeCart charges with that method chosen, the lines priced once for all of them. A cart without
 * lines has nothing to ship: no prices.
 */
export async function shippingPrices(db: Db, cart: Cart, methodIds: number[], options: { culture: string }): Promise<Map<number, number>> {
  const priced = await priceLines(db, cart, { culture: options.culture, reverseCharge: false });
  if (!priced.lines.length || !methodIds.length) return new Map();
  const methods = await findShippingMethods(db, { methodIds });
  return new Map(methods.map((method) => [method.id, shippingCharge(priced, method)]));
}
