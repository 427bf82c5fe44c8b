import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/migrations/helpers';
import { toNumber } from '../db/normalise';
import type { CartTables } from './tables';

/**
 * The one data module that writes the carts and cart_items tables. Other features (checkout, coupons,
 * currencies, pickup, orders) change a cart through these functions, never with a query of their own.
 */
type Executor = Kysely<Database> | Transaction<Database>;

/** The cart fields another feature may set: its choices (country, method, coupon, currency, pickup point, VAT number). */
export type CartChoices = Omit<Updateable<CartTables['carts']>, 'id' | 'token' | 'user_id' | 'created_at' | 'updated_at'>;

/** Sets a cart's choices and marks it updated. */
export async function updateCart(db: Executor, { cartId, set, now = Date.now() }: { cartId: number; set: CartChoices; now?: number }): Promise<void> {
  await db.updateTable('carts').set({ ...set, updated_at: now }).where('id', '=', cartId).execute();
}

/** A cart row as stored (pickup_point still JSON text). */
export type CartRow = Pick<
  CartTables['carts'],
  'token' | 'user_id' | 'currency' | 'shipping_country_id' | 'billing_country_id' | 'city_id' | 'shipping_method_id' | 'coupon_code' | 'pickup_point' | 'vat_number'
> & { id: number };

const cartColumns = [
  'id', 'token', 'user_id', 'currency', 'shipping_country_id', 'billing_country_id', 'city_id', 'shipping_method_id',
  'coupon_code', 'pickup_point', 'vat_number',
] as const;

/** A customer's cart (the newest, should there be more than one). */
export function findCartRowOfUser(db: Executor, { userId }: { userId: number }): Promise<CartRow | undefined> {
  return db.selectFrom('carts').select(cartColumns).where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
}

/** A visitor's cart by its cookie token; a customer's cart is never found by token. */
export function findCartRowOfToken(db: Executor, { token }: { token: string }): Promise<CartRow | undefined> {
  return db.selectFrom('carts').select(cartColumns).where('token', '=', token).where('user_id', 'is', null).executeTakeFirst();
}

export function insertCart(db: Executor, { token, userId, currency }: { token: string; userId: number | null; currency: string }): Promise<CartRow> {
  const now = Date.now();
  return db
    .insertInto('carts')
    .values({ token, user_id: userId, currency, created_at: now, updated_at: now })
    .returning(cartColumns)
    .executeTakeFirstOrThrow();
}

/** Gives a visitor's cart to a customer (at sign-in, when the customer has none). */
export async function giveCartToUser(db: Executor, { cartId, userId }: { cartId: number; userId: number }): Promise<void> {
  await db.updateTable('carts').set({ user_id: userId, updated_at: Date.now() }).where('id', '=', cartId).execute();
}

/** Deletes a cart (its lines go with it). */
export async function deleteCart(db: Executor, { cartId }: { cartId: number }): Promise<void> {
  await db.deleteFrom('carts').where('id', '=', cartId).execute();
}

/** Saves (or with null clears) the cart's pickup point: the saved-pickup-point payload as JSON. */
export async function setCartPickupPoint(db: Executor, cartId: number, payload: unknown): Promise<void> {
  await updateCart(db, { cartId, set: { pickup_point: payload === null || payload === undefined ? null : JSON.stringify(payload) } });
}

/** A cart's lines as stored. */
export function cartItemsOf(db: Executor, { cartId }: { cartId: number }) {
  return db.selectFrom('cart_items').select(['id', 'variant_id', 'quantity', 'origin', 'item_key']).where('cart_id', '=', cartId).orderBy('id').execute();
}

/** A cart's line of a variant under an item key, if any: adding the same again adds to that line. */
export function findLine(db: Executor, { cartId, variantId, itemKey }: { cartId: number; variantId: number; itemKey: string }) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('variant_id', '=', variantId)
    .where('item_key', '=', itemKey)
    .executeTakeFirst();
}

/** One line of a cart by its id: a line of another cart is not found. */
export function findOwnLine(db: Executor, { cartId, itemId }: { cartId: number; itemId: number }) {
  return db.selectFrom('cart_items').select(['id', 'variant_id', 'quantity']).where('id', '=', itemId).where('cart_id', '=', cartId).executeTakeFirst();
}

export async function insertLine(
  db: Executor,
  { cartId, variantId, quantity, origin, itemKey }: { cartId: number; variantId: number; quantity: number; origin: string; itemKey: string },
): Promise<number> {
  const row = await db
    .insertInto('cart_items')
    .values({ cart_id: cartId, variant_id: variantId, quantity, origin, item_key: itemKey, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a line's quantity and marks its cart updated. */
export async function setLineQuantity(db: Executor, { cartId, itemId, quantity }: { cartId: number; itemId: number; quantity: number }): Promise<void> {
  await db.updateTable('cart_items').set({ quantity }).where('id', '=', itemId).where('cart_id', '=', cartId).execute();
  await updateCart(db, { cartId, set: {} });
}

/** Removes a line and marks its cart updated. */
export async function deleteLine(db: Executor, { cartId, itemId }: { cartId: number; itemId: number }): Promise<void> {
  await db.deleteFrom('cart_items').where('id', '=', itemId).where('cart_id', '=', cartId).execute();
  await updateCart(db, { cartId, set: {} });
}

/**
 * Empties a cart inside an order's transaction and answers what it held, by variant and quantity. On
 * PostgreSQL the lines are locked first, so a second placement of the same cart waits and then finds them gone.
 */
export async function emptyCart(trx: Transaction<Database>, { cartId }: { cartId: number }): Promise<{ variantId: number; quantity: number }[]> {
  if (isPostgres(trx as unknown as Kysely<unknown>)) {
    await trx.selectFrom('cart_items').select('id').where('cart_id', '=', cartId).orderBy('id').forUpdate().execute();
  }
  const deleted = await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).returning(['variant_id', 'quantity']).execute();
  return deleted.map((row) => ({ variantId: toNumber(row.variant_id), quantity: toNumber(row.quantity) }));
}

/** How many items a cart holds (the sum of its lines' quantities). */
export async function countItems(db: Executor, cartId: number): Promise<number> {
  const row = await db.selectFrom('cart_items').select((eb) => eb.fn.sum<number | string>('quantity').as('count')).where('cart_id', '=', cartId).executeTakeFirst();
  return toNumber(row?.count ?? 0);
}

/** A cart's lines with what pricing needs: the variant's catalog price and currency, names in the culture. */
export function pricedItemRows(db: Executor, { cartId, culture }: { cartId: number; culture: string }) {
  return db
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
    .where('i.cart_id', '=', cartId)
    .orderBy('i.id')
    .execute();
}

/** The degressive prices of the cart's variants. */
export async function tierPricesOf(db: Executor, { variantIds }: { variantIds: number[] }) {
  if (!variantIds.length) return [];
  return db.selectFrom('tier_prices').select(['variant_id', 'min_quantity', 'price_incl_cents', 'price_excl_cents']).where('variant_id', 'in', variantIds).execute();
}

/** Variants' names in the culture (their SKU when untranslated), for the notices of a merge. */
export async function variantNames(db: Executor, { variantIds, culture }: { variantIds: number[]; culture: string }): Promise<Map<number, string>> {
  if (!variantIds.length) return new Map();
  const rows = await db
    .selectFrom('product_variants as v')
    .leftJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'v.product_id').on('t.culture', '=', culture))
    .select(['v.id', 'v.sku', 't.name'])
    .where('v.id', 'in', variantIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name ?? row.sku]));
}

/** What the cart checks of a product before selling it: active, the quantity rules, the end of its sale. */
export function productSaleTerms(db: Executor, { productId }: { productId: number }) {
  return db.selectFrom('products').select(['is_active', 'min_qty', 'max_qty', 'step_qty', 'available_until']).where('id', '=', productId).executeTakeFirst();
}

/** The slugs of products in the culture (a cart line links back to its product). */
export async function productSlugs(db: Executor, { productIds, culture }: { productIds: number[]; culture: string }): Promise<Map<number, string>> {
  if (!productIds.length) return new Map();
  const rows = await db.selectFrom('product_translations').select(['product_id', 'slug']).where('product_id', 'in', productIds).where('culture', '=', culture).execute();
  return new Map(rows.map((row) => [row.product_id, row.slug]));
}
