import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Config } from '../config';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { cartCookieName } from '../http/page-cache';
import type { CurrentUser } from '../accounts/current-user';
import { unitPrice } from '../catalog/product-selection';
import { cartDiscount } from '../coupons/discount';
import { convertCents, loadRates } from '../currencies/rates';
import { BadInput } from '../http/errors';
import { setFlash } from '../http/forms';
import { allowedQuantity, reasonMessage, sellableVariant } from './rules';

// The cart lives in the database (carts, cart_items), found by the `cart` cookie's random token or,
// for a signed-in customer, by the account. Nothing of it is kept in the session.

export { cartCookieName };

export interface Cart {
  id: number;
  token: string;
  userId: number | null;
  currency: string;
  shippingCountryId: number | null;
  billingCountryId: number | null;
  cityId: number | null;
  shippingMethodId: number | null;
  couponCode: string | null;
  /** The saved-pickup-point payload (parsed JSON) or null. */
  pickupPoint: unknown;
  vatNumber: string | null;
}

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
  taxes: { rateBp: number; cents: number }[];
  totalInclCents: number;
  totalExclCents: number;
  taxCents: number;
  reverseCharge: boolean;
}

const cartCookieMaxAgeMs = 60 * 24 * 60 * 60 * 1000;
const tokenPattern = /^[\w-]{32}$/;

type CartRow = {
  id: number; token: string; user_id: number | null; currency: string; shipping_country_id: number | null;
  billing_country_id: number | null; city_id: number | null; shipping_method_id: number | null; coupon_code: string | null;
  pickup_point: string | null; vat_number: string | null;
};

const cartColumns = [
  'id', 'token', 'user_id', 'currency', 'shipping_country_id', 'billing_country_id', 'city_id', 'shipping_method_id',
  'coupon_code', 'pickup_point', 'vat_number',
] as const;

function toCart(row: CartRow): Cart {
  let pickupPoint: unknown = null;
  if (row.pickup_point) {
    try {
      pickupPoint = JSON.parse(row.pickup_point);
    } catch {
      pickupPoint = null;
    }
  }
  return {
    id: row.id,
    token: row.token,
    userId: row.user_id,
    currency: row.currency,
    shippingCountryId: row.shipping_country_id,
    billingCountryId: row.billing_country_id,
    cityId: row.city_id,
    shippingMethodId: row.shipping_method_id,
    couponCode: row.coupon_code,
    pickupPoint,
    vatNumber: row.vat_number,
  };
}

function dbOf(req: Request): Db {
  return req.app.locals.db as Db;
}

function userOf(req: Request): CurrentUser | null {
  return (req.res?.locals.user as CurrentUser | null | undefined) ?? null;
}

/** The token the visitor's cookie carries (or the one this answer just gave out). */
const issuedTokens = new WeakMap<Request, string>();

export function cartToken(req: Request): string | null {
  const issued = issuedTokens.get(req);
  if (issued) return issued;
  const header = req.get('Cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cartCookieName) {
      const token = decodeURIComponent(value.join('='));
      return tokenPattern.test(token) ? token : null;
    }
  }
  return null;
}

/**
 * The cart of this request: a signed-in customer's own (by account), else the visitor's by the cookie
 * token. A visitor's token never opens a customer's cart (after sign-out the cart stays with the account).
 */
export async function findCart(req: Request): Promise<Cart | null> {
  const db = dbOf(req);
  const user = userOf(req);
  if (user) {
    const row = await db.selectFrom('carts').select(cartColumns).where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirst();
    return row ? toCart(row) : null;
  }
  const token = cartToken(req);
  if (!token) return null;
  const row = await db.selectFrom('carts').select(cartColumns).where('token', '=', token).where('user_id', 'is', null).executeTakeFirst();
  return row ? toCart(row) : null;
}

function setCartCookie(req: Request, res: Response, token: string): void {
  const config = req.app.locals.config as Config;
  res.cookie(cartCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.app.get('env') === 'production' && req.secure,
    path: config.BASE_PATH || '/',
    maxAge: cartCookieMaxAgeMs,
  });
  issuedTokens.set(req, token);
}

/** The cart of this request, made when there is none (its cookie given out with this answer). */
export async function ensureCart(req: Request, res: Response, { currency = 'EUR' }: { currency?: string } = {}): Promise<Cart> {
  const existing = await findCart(req);
  if (existing) return existing;
  const db = dbOf(req);
  const user = userOf(req);
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  const row = await db
    .insertInto('carts')
    .values({ token, user_id: user?.id ?? null, currency, created_at: now, updated_at: now })
    .returning(cartColumns)
    .executeTakeFirstOrThrow();
  setCartCookie(req, res, token);
  return toCart(row);
}

/** A cart's line of a variant under an item key, if any: adding the same again adds to that line. */
export function findLine(db: Db, { cartId, variantId, itemKey }: { cartId: number; variantId: number; itemKey: string }) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('variant_id', '=', variantId)
    .where('item_key', '=', itemKey)
    .executeTakeFirst();
}

/**
 * At sign-in, the visitor's cart (by cookie) joins the customer's: lines of the same variant and key
 * add up (the sum re-checked against the product's quantity rules and the stock, as any change is),
 * the visitor's choices fill what the customer's cart left empty, and the visitor's cart is gone.
 * Without a customer cart, the visitor's simply becomes the customer's. One transaction. A summed
 * quantity the rules or the stock changed leaves the notice 'ShoppingCarts.QuantityChangedMessage'
 * (and the reason) for the next page.
 */
export async function mergeCartsAtSignIn(req: Request, userId: number): Promise<void> {
  const token = cartToken(req);
  if (!token) return;
  const db = dbOf(req);
  const notices: { variantId: number; origin: string; itemKey: string; reason: ReturnType<typeof reasonMessage> }[] = [];
  await db.transaction().execute(async (trx) => {
    const guest = await trx.selectFrom('carts').select(cartColumns).where('token', '=', token).where('user_id', 'is', null).executeTakeFirst();
    if (!guest) return;
    const own = await trx.selectFrom('carts').select(cartColumns).where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
    const now = Date.now();
    if (!own) {
      await trx.updateTable('carts').set({ user_id: userId, updated_at: now }).where('id', '=', guest.id).execute();
      return;
    }
    const items = await trx.selectFrom('cart_items').selectAll().where('cart_id', '=', guest.id).execute();
    for (const item of items) {
      const same = await findLine(trx, { cartId: own.id, variantId: item.variant_id, itemKey: item.item_key });
      if (same) {
        const wanted = same.quantity + item.quantity;
        let quantity = wanted;
        let reason: ReturnType<typeof reasonMessage> = null;
        try {
          const sellable = await sellableVariant(trx, item.variant_id);
          const allowed = allowedQuantity(sellable, wanted);
          quantity = allowed.quantity;
          reason = reasonMessage(sellable, allowed);
        } catch (error) {
          if (!(error instanceof BadInput)) throw error;
          // Not sellable or not even the minimum in stock: the customer's line stays as it was.
          quantity = same.quantity;
        }
        if (quantity !== wanted) notices.push({ variantId: item.variant_id, origin: item.origin, itemKey: item.item_key, reason });
        await trx.updateTable('cart_items').set({ quantity }).where('id', '=', same.id).execute();
      } else {
        await trx
          .insertInto('cart_items')
          .values({ cart_id: own.id, variant_id: item.variant_id, quantity: item.quantity, origin: item.origin, item_key: item.item_key, created_at: now })
          .execute();
      }
    }
    await trx
      .updateTable('carts')
      .set({
        shipping_country_id: own.shipping_country_id ?? guest.shipping_country_id,
        billing_country_id: own.billing_country_id ?? guest.billing_country_id,
        city_id: own.city_id ?? guest.city_id,
        shipping_method_id: own.shipping_method_id ?? guest.shipping_method_id,
        coupon_code: own.coupon_code ?? guest.coupon_code,
        pickup_point: own.pickup_point ?? guest.pickup_point,
        updated_at: now,
      })
      .where('id', '=', own.id)
      .execute();
    await trx.deleteFrom('carts').where('id', '=', guest.id).execute();
  });
  if (!notices.length) return;
  const culture = (req.res?.locals.culture as string | undefined) ?? 'fr';
  const names = await db
    .selectFrom('product_variants as v')
    .leftJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'v.product_id').on('t.culture', '=', culture))
    .select(['v.id', 'v.sku', 't.name'])
    .where('v.id', 'in', notices.map((notice) => notice.variantId))
    .execute();
  for (const notice of notices) {
    const found = names.find((row) => row.id === notice.variantId);
    setFlash(req, 'info', 'ShoppingCarts.QuantityChangedMessage', { name: found?.name ?? found?.sku ?? '', origin: notice.origin, key: notice.itemKey });
    if (notice.reason) setFlash(req, 'info', notice.reason.key, notice.reason.params);
  }
}

/** Saves (or with null clears) the cart's pickup point: the saved-pickup-point payload as JSON. */
export async function setCartPickupPoint(db: Db, cartId: number, payload: unknown): Promise<void> {
  await db
    .updateTable('carts')
    .set({ pickup_point: payload === null || payload === undefined ? null : JSON.stringify(payload), updated_at: Date.now() })
    .where('id', '=', cartId)
    .execute();
}

/** A tax-incl amount without its VAT at `rateBp` (basis points), rounded half up, in integer arithmetic. */
export function exclOf(inclCents: number, rateBp: number): number {
  const numerator = inclCents * 10_000 * 2 + (10_000 + rateBp);
  return Math.floor(numerator / ((10_000 + rateBp) * 2));
}

/** The country whose VAT applies: shipping, else billing, else the shop's first country (by position). */
async function taxCountry(db: Db, cart: Cart): Promise<{ id: number; vatRateBp: number } | null> {
  const id = cart.shippingCountryId ?? cart.billingCountryId;
  let query = db.selectFrom('countries').select(['id', 'vat_rate_bp']);
  query = id !== null ? query.where('id', '=', id) : query.orderBy('position').orderBy('id').limit(1);
  const row = await query.executeTakeFirst();
  return row ? { id: row.id, vatRateBp: row.vat_rate_bp } : null;
}

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

async function priceLines(db: Db, cart: Cart, { culture, reverseCharge }: { culture: string; reverseCharge: boolean }): Promise<PricedLines> {
  const [rows, country, rates] = await Promise.all([
    db
      .selectFrom('cart_items as i')
      .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .leftJoin('product_translations as pt', (join) => join.onRef('pt.product_id', '=', 'p.id').on('pt.culture', '=', culture))
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .leftJoin('category_translations as ct', (join) => join.onRef('ct.category_id', '=', 'p.category_id').on('ct.culture', '=', culture))
      .select([
        'i.id', 'i.variant_id', 'i.quantity', 'i.origin', 'i.item_key', 'v.product_id', 'v.sku', 'v.price_incl_cents',
        'v.price_excl_cents', 'v.currency', 'pt.name', 'b.name as brand', 'ct.name as category',
      ])
      .where('i.cart_id', '=', cart.id)
      .orderBy('i.id')
      .execute(),
    taxCountry(db, cart),
    loadRates(db),
  ]);
  const rateBp = reverseCharge ? 0 : (country?.vatRateBp ?? 0);
  const variantIds = rows.map((row) => row.variant_id);
  const tiers = variantIds.length
    ? await db.selectFrom('tier_prices').selectAll().where('variant_id', 'in', variantIds).execute()
    : [];
  const toCart = (cents: number, from: string) => convertCents(cents, from, cart.currency, rates);
  const asked = (inclCents: number) => (reverseCharge ? exclOf(inclCents, country?.vatRateBp ?? 0) : inclCents);

  const lines: CartLine[] = rows.map((row) => {
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
  });
  const subtotalInclCents = lines.reduce((sum, line) => sum + line.totalInclCents, 0);
  const subtotalExclCents = lines.reduce((sum, line) => sum + line.totalExclCents, 0);
  return { lines, subtotalInclCents, subtotalExclCents, rateBp, toCart, asked };
}

const shippingTariff = ['id', 'price_incl_cents', 'currency', 'free_from_cents'] as const;

/** A shipping method's tax-incl charge on priced lines: 0 from its free-from amount (on the lines' tax-incl total) up, else its price as asked. */
function shippingCharge(priced: PricedLines, method: { price_incl_cents: number; currency: string; free_from_cents: number | null }): number {
  const free = method.free_from_cents !== null && priced.subtotalInclCents >= priced.toCart(method.free_from_cents, method.currency);
  return free ? 0 : priced.toCart(priced.asked(method.price_incl_cents), method.currency);
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

  let shipping: CartSummary['shipping'] = null;
  if (cart.shippingMethodId !== null && lines.length > 0) {
    const method = await db.selectFrom('shipping_methods').select(shippingTariff).where('id', '=', cart.shippingMethodId).executeTakeFirst();
    if (method) {
      const inclCents = shippingCharge(priced, method);
      shipping = { methodId: method.id, inclCents, exclCents: exclOf(inclCents, rateBp) };
    }
  }

  let discount: CartSummary['discount'] = null;
  if (cart.couponCode && subtotalInclCents > 0) {
    const email = cart.userId
      ? ((await db.selectFrom('users').select('email').where('id', '=', cart.userId).executeTakeFirst())?.email ?? null)
      : null;
    const found = await cartDiscount(db, { code: cart.couponCode, subtotalInclCents, currency: cart.currency, userId: cart.userId, email });
    if (found && found.inclCents > 0) {
      const inclCents = Math.min(found.inclCents, subtotalInclCents);
      // Proportional on the tax-excl side: the discount carries the same share of tax as the lines.
      const exclCents = Math.round((inclCents * subtotalExclCents) / subtotalInclCents);
      discount = { code: found.code, inclCents, exclCents };
    }
  }

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
  const methods = await db.selectFrom('shipping_methods').select(shippingTariff).where('id', 'in', methodIds).execute();
  return new Map(methods.map((method) => [method.id, shippingCharge(priced, method)]));
}

/** Lines count, cheaply (the mini cart's badge without the whole summary). */
export async function countItems(db: Db, cartId: number): Promise<number> {
  const row = await db.selectFrom('cart_items').select((eb) => eb.fn.sum<number | string>('quantity').as('count')).where('cart_id', '=', cartId).executeTakeFirst();
  return toNumber(row?.count ?? 0);
}
