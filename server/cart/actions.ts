import type { Request, Response } from 'express';
import type { Db } from '../db';
import { firstText, idOf } from '../shared/ids';
import { BadInput } from '../http/errors';
import { allowedQuantity, reasonMessage, sellableVariant } from './rules';
import { type Cart, ensureCart, findCart, findLine } from './cart';
import { visitorCurrency } from '../currencies/rates';

// What the cart calls change, apart from how they answer (JSON for the API, a redirect for the no-JS forms).

/** A quantity as asked: a whole number of at least 1, else a 400 (negative, zero, decimal, not a number). */
export function parseQuantityInput(value: unknown, { required }: { required: boolean }): number {
  if (value === undefined || value === null || value === '') {
    if (required) throw new BadInput({ Quantity: 'ShoppingCarts.QuantityInvalid' });
    return 1;
  }
  const text = String(typeof value === 'number' ? value : value).trim();
  if (!/^\d{1,6}$/.test(text)) throw new BadInput({ Quantity: 'ShoppingCarts.QuantityInvalid' });
  const quantity = Number(text);
  if (quantity < 1) throw new BadInput({ Quantity: 'ShoppingCarts.QuantityInvalid' });
  return quantity;
}

/** A positive whole id from a body field or path segment (the catalog's one id rule), else a 400 on that field. */
export function parseIdInput(value: unknown, field: string, key: string): number {
  const id = idOf(firstText(value)?.trim() ?? '');
  if (id === null) throw new BadInput({ [field]: key });
  return id;
}

export interface LineChange {
  itemId: number;
  quantity: number;
  /** The server kept another quantity than the one asked (rules or stock): QuantityChangedMessage. */
  changed: boolean;
  /** Why (a resource key naming the rule, and its parameters), when changed. */
  reason?: { key: string; params: Record<string, string | number> } | null;
}

/** Adds `quantity` of a variant (to the same line when one of the same variant and key exists). */
export async function addToCart(
  req: Request,
  res: Response,
  input: { variantId: number; quantity: number; origin: string; itemKey: string },
): Promise<{ cart: Cart; line: LineChange; added: number }> {
  const db = req.app.locals.db as Db;
  const sellable = await sellableVariant(db, input.variantId);
  const cart = await ensureCart(req, res, { currency: visitorCurrency(req) });
  const line = await db.transaction().execute(async (trx) => {
    const existing = await findLine(trx, { cartId: cart.id, variantId: input.variantId, itemKey: input.itemKey });
    const wanted = (existing?.quantity ?? 0) + input.quantity;
    const allowed = allowedQuantity(sellable, wanted);
    const quantity = allowed.quantity;
    const now = Date.now();
    let itemId: number;
    if (existing) {
      await trx.updateTable('cart_items').set({ quantity }).where('id', '=', existing.id).execute();
      itemId = existing.id;
    } else {
      const row = await trx
        .insertInto('cart_items')
        .values({ cart_id: cart.id, variant_id: input.variantId, quantity, origin: input.origin, item_key: input.itemKey, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      itemId = row.id;
    }
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cart.id).execute();
    return { itemId, quantity, changed: quantity !== wanted, reason: reasonMessage(sellable, allowed), before: existing?.quantity ?? 0 };
  });
  return { cart, line: { itemId: line.itemId, quantity: line.quantity, changed: line.changed, reason: line.reason }, added: line.quantity - line.before };
}

/** The visitor's cart and one of its lines, else a 400 (a line of someone else's cart is unknown too). */
async function ownLine(req: Request, itemId: number) {
  const cart = await findCart(req);
  const db = req.app.locals.db as Db;
  const item = cart
    ? await db.selectFrom('cart_items').select(['id', 'variant_id', 'quantity']).where('id', '=', itemId).where('cart_id', '=', cart.id).executeTakeFirst()
    : undefined;
  if (!cart || !item) throw new BadInput({ Id: 'ShoppingCarts.UnknownItem' });
  return { cart, item };
}

export async function changeQuantity(req: Request, itemId: number, quantity: number): Promise<LineChange> {
  const db = req.app.locals.db as Db;
  const { cart, item } = await ownLine(req, itemId);
  const sellable = await sellableVariant(db, item.variant_id);
  const allowed = allowedQuantity(sellable, quantity);
  const kept = allowed.quantity;
  await db.updateTable('cart_items').set({ quantity: kept }).where('id', '=', item.id).execute();
  await db.updateTable('carts').set({ updated_at: Date.now() }).where('id', '=', cart.id).execute();
  return { itemId, quantity: kept, changed: kept !== quantity, reason: reasonMessage(sellable, allowed) };
}

export async function removeItem(req: Request, itemId: number): Promise<void> {
  const db = req.app.locals.db as Db;
  const { cart, item } = await ownLine(req, itemId);
  await db.deleteFrom('cart_items').where('id', '=', item.id).execute();
  await db.updateTable('carts').set({ updated_at: Date.now() }).where('id', '=', cart.id).execute();
}

async function countryBy(db: Db, where: { code: string } | { id: number }, field: string) {
  let query = db.selectFrom('countries').select(['id', 'code']);
  query = 'code' in where ? query.where('code', '=', where.code.toUpperCase()) : query.where('id', '=', where.id);
  const row = await query.executeTakeFirst();
  if (!row) throw new BadInput({ [field]: 'ShoppingCarts.UnknownCountry' });
  return row;
}

/** Methods that ship to a country, by position. */
export async function methodIdsFor(db: Db, countryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('shipping_method_countries as c')
    .innerJoin('shipping_methods as m', 'm.id', 'c.shipping_method_id')
    .select('m.id')
    .where('c.country_id', '=', countryId)
    .orderBy('m.position')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Sets the shipping country; a chosen method that does not ship there is dropped, as is a city of another
 * country and a pickup point (chosen for the former country).
 */
async function applyShippingCountry(req: Request, res: Response, countryId: number, extra: { billing_country_id?: number } = {}) {
  const db = req.app.locals.db as Db;
  const cart = await ensureCart(req, res, { currency: visitorCurrency(req) });
  const methods = await methodIdsFor(db, countryId);
  const city = cart.cityId ? await db.selectFrom('cities').select('country_id').where('id', '=', cart.cityId).executeTakeFirst() : undefined;
  const countryChanged = cart.shippingCountryId !== countryId;
  await db
    .updateTable('carts')
    .set({
      shipping_country_id: countryId,
      shipping_method_id: cart.shippingMethodId !== null && methods.includes(cart.shippingMethodId) ? cart.shippingMethodId : null,
      city_id: city && city.country_id === countryId ? cart.cityId : null,
      ...(countryChanged ? { pickup_point: null } : {}),
      ...extra,
      updated_at: Date.now(),
    })
    .where('id', '=', cart.id)
    .execute();
}

export async function setShippingCountry(req: Request, res: Response, code: unknown): Promise<void> {
  if (typeof code !== 'string' || !/^[A-Za-z]{2}$/.test(code.trim())) throw new BadInput({ CountryCode: 'ShoppingCarts.UnknownCountry' });
  const country = await countryBy(req.app.locals.db, { code: code.trim() }, 'CountryCode');
  await applyShippingCountry(req, res, country.id);
}

export async function setCountries(req: Request, res: Response, shipping: unknown, billing: unknown): Promise<void> {
  const db = req.app.locals.db as Db;
  const shippingId = parseIdInput(shipping, 'ShippingCountryId', 'ShoppingCarts.UnknownCountry');
  await countryBy(db, { id: shippingId }, 'ShippingCountryId');
  const billingId = billing === undefined || billing === '' || billing === null ? shippingId : parseIdInput(billing, 'BillingCountryId', 'ShoppingCarts.UnknownCountry');
  await countryBy(db, { id: billingId }, 'BillingCountryId');
  await applyShippingCountry(req, res, shippingId, { billing_country_id: billingId });
}

export async function setShippingMethod(req: Request, res: Response, value: unknown): Promise<void> {
  const db = req.app.locals.db as Db;
  const methodId = parseIdInput(value, 'ShippingMethodId', 'ShoppingCarts.UnknownShippingMethod');
  const cart = await ensureCart(req, res, { currency: visitorCurrency(req) });
  const method = await db.selectFrom('shipping_methods').select(['id', 'carrier']).where('id', '=', methodId).executeTakeFirst();
  const allowed = method && (cart.shippingCountryId === null || (await methodIdsFor(db, cart.shippingCountryId)).includes(method.id));
  if (!method || !allowed) throw new BadInput({ ShippingMethodId: 'ShoppingCarts.UnknownShippingMethod' });
  await db
    .updateTable('carts')
    .set({ shipping_method_id: method.id, ...(method.id !== cart.shippingMethodId ? { pickup_point: null } : {}), updated_at: Date.now() })
    .where('id', '=', cart.id)
    .execute();
}

export async function setCity(req: Request, res: Response, value: unknown): Promise<void> {
  const db = req.app.locals.db as Db;
  const cityId = parseIdInput(value, 'CityId', 'ShoppingCarts.UnknownCity');
  const cart = await ensureCart(req, res, { currency: visitorCurrency(req) });
  const city = await db.selectFrom('cities').select(['id', 'country_id']).where('id', '=', cityId).executeTakeFirst();
  if (!city || (cart.shippingCountryId !== null && city.country_id !== cart.shippingCountryId)) throw new BadInput({ CityId: 'ShoppingCarts.UnknownCity' });
  await db
    .updateTable('carts')
    .set({ city_id: city.id, ...(cart.shippingCountryId === null ? { shipping_country_id: city.country_id } : {}), updated_at: Date.now() })
    .where('id', '=', cart.id)
    .execute();
}

/** Cities of a country whose name or postal code starts with the query (4 characters at least), id → name. */
export async function searchCities(db: Db, countryId: number, query: string): Promise<Record<string, string>> {
  const text = query.trim();
  if (text.length < 4) return {};
  const like = `${text.toLowerCase().replace(/[\\%_]/g, '')}%`;
  const rows = await db
    .selectFrom('cities')
    .select(['id', 'name', 'postal_code'])
    .where('country_id', '=', countryId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['postal_code']), 'like', like)]))
    .orderBy('name')
    .limit(20)
    .execute();
  return Object.fromEntries(rows.map((row) => [String(row.id), `${row.postal_code} ${row.name}`]));
}
