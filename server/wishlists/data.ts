import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';

/**
 * The one data module on the wishlists and wishlist_items tables. Every function is scoped to its
 * owner ({ userId, ... }): a list or line of another customer is simply not found.
 */
type Executor = Kysely<Database> | Transaction<Database>;

export interface WishlistRow {
  id: number;
  name: string;
  description: string;
}

export interface WishlistItemRow {
  id: number;
  variantId: number;
  productId: number;
  sku: string;
  name: string | null;
  quantity: number;
  priceInclCents: number;
  currency: string;
}

/** The columns of a list line (a wishlist's or a birth list's, `i`) with its variant (`v`) and product name (`pt`). */
export const listItemColumns = ['i.id', 'i.variant_id', 'i.quantity', 'v.product_id', 'v.sku', 'v.price_incl_cents', 'v.currency', 'pt.name'] as const;

/** A list line as selected by listItemColumns. */
export function listItemOf(row: { id: number; variant_id: number; quantity: number; product_id: number; sku: string; price_incl_cents: number; currency: string; name: string | null }): WishlistItemRow {
  return { id: row.id, variantId: row.variant_id, productId: row.product_id, sku: row.sku, name: row.name, quantity: row.quantity, priceInclCents: row.price_incl_cents, currency: row.currency };
}

export async function listWishlists(db: Executor, { userId }: { userId: number }): Promise<WishlistRow[]> {
  return db.selectFrom('wishlists').select(['id', 'name', 'description']).where('user_id', '=', userId).orderBy('id').execute();
}

export async function findWishlist(db: Executor, { userId, wishlistId }: { userId: number; wishlistId: number }): Promise<WishlistRow | undefined> {
  return db.selectFrom('wishlists').select(['id', 'name', 'description']).where('user_id', '=', userId).where('id', '=', wishlistId).executeTakeFirst();
}

export async function insertWishlist(db: Executor, { userId, name, description = '', now = Date.now() }: { userId: number; name: string; description?: string; now?: number }): Promise<number> {
  const row = await db.insertInto('wishlists').values({ user_id: userId, name, description, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a list's name or description; false when the customer has no such list. */
export async function updateWishlist(db: Executor, { userId, wishlistId, set }: { userId: number; wishlistId: number; set: { name?: string; description?: string } }): Promise<boolean> {
  const result = await db.updateTable('wishlists').set({ ...set, updated_at: Date.now() }).where('user_id', '=', userId).where('id', '=', wishlistId).executeTakeFirst();
  return toNumber(result.numUpdatedRows) > 0;
}

/** Deletes a list and its lines (cascade); false when the customer has no such list. */
export async function deleteWishlist(db: Executor, { userId, wishlistId }: { userId: number; wishlistId: number }): Promise<boolean> {
  const result = await db.deleteFrom('wishlists').where('user_id', '=', userId).where('id', '=', wishlistId).executeTakeFirst();
  return toNumber(result.numDeletedRows) > 0;
}

/** A list's lines with the variant's catalog price and its product's name in the culture. */
export async function wishlistItems(db: Executor, { userId, wishlistId, culture }: { userId: number; wishlistId: number; culture: string }): Promise<WishlistItemRow[]> {
  const rows = await db
    .selectFrom('wishlist_items as i')
    .innerJoin('wishlists as w', 'w.id', 'i.wishlist_id')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .leftJoin('product_translations as pt', (join) => join.onRef('pt.product_id', '=', 'v.product_id').on('pt.culture', '=', culture))
    .select(listItemColumns)
    .where('w.user_id', '=', userId)
    .where('w.id', '=', wishlistId)
    .orderBy('i.id')
    .execute();
  return rows.map(listItemOf);
}

/** One line of the customer's lists: by its own id, or by list and variant. */
export async function findWishlistItem(
  db: Executor,
  where: { userId: number } & ({ itemId: number } | { wishlistId: number; variantId: number }),
): Promise<{ id: number; wishlistId: number; variantId: number; quantity: number } | undefined> {
  let query = db
    .selectFrom('wishlist_items as i')
    .innerJoin('wishlists as w', 'w.id', 'i.wishlist_id')
    .select(['i.id', 'i.wishlist_id', 'i.variant_id', 'i.quantity'])
    .where('w.user_id', '=', where.userId);
  query = 'itemId' in where ? query.where('i.id', '=', where.itemId) : query.where('w.id', '=', where.wishlistId).where('i.variant_id', '=', where.variantId);
  const row = await query.executeTakeFirst();
  return row && { id: row.id, wishlistId: row.wishlist_id, variantId: row.variant_id, quantity: row.quantity };
}

/** Sets a variant's desired quantity in a list: a new line, or the quantity of the line already there (one statement, so two adds at once cannot collide). */
export async function upsertWishlistItem(
  db: Executor,
  { wishlistId, variantId, quantity, now = Date.now() }: { wishlistId: number; variantId: number; quantity: number; now?: number },
): Promise<number> {
  const row = await db
    .insertInto('wishlist_items')
    .values({ wishlist_id: wishlistId, variant_id: variantId, quantity, created_at: now })
    .onConflict((conflict) => conflict.columns(['wishlist_id', 'variant_id']).doUpdateSet({ quantity }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a line's quantity; the line is found by its id inside the customer's lists only. */
export async function setWishlistItemQuantity(db: Executor, { userId, itemId, quantity }: { userId: number; itemId: number; quantity: number }): Promise<boolean> {
  const result = await db
    .updateTable('wishlist_items')
    .set({ quantity })
    .where('id', '=', itemId)
    .where('wishlist_id', 'in', (eb) => eb.selectFrom('wishlists').select('id').where('user_id', '=', userId))
    .executeTakeFirst();
  return toNumber(result.numUpdatedRows) > 0;
}

/** Removes a variant from one of the customer's lists, or from all of them; answers how many lines went. */
export async function deleteWishlistItems(db: Executor, { userId, variantId, wishlistId }: { userId: number; variantId: number; wishlistId?: number }): Promise<number> {
  let owned = db.selectFrom('wishlists').select('id').where('user_id', '=', userId);
  if (wishlistId !== undefined) owned = owned.where('id', '=', wishlistId);
  const result = await db.deleteFrom('wishlist_items').where('variant_id', '=', variantId).where('wishlist_id', 'in', owned).executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

/** How many distinct variants the customer keeps in all lists (the header's count). */
export async function countWishlistProducts(db: Executor, { userId }: { userId: number }): Promise<number> {
  const row = await db
    .selectFrom('wishlist_items as i')
    .innerJoin('wishlists as w', 'w.id', 'i.wishlist_id')
    .select((eb) => eb.fn.count<number | string>('i.variant_id').distinct().as('count'))
    .where('w.user_id', '=', userId)
    .executeTakeFirst();
  return toNumber(row?.count ?? 0);
}

/** Where each kind of list keeps its lines: the lists' table, the lines' table and the line's list column. */
const listKinds = {
  wishlists: { lists: 'wishlists', items: 'wishlist_items', listId: 'wishlist_id' },
  birthLists: { lists: 'birth_lists', items: 'birth_list_items', listId: 'birth_list_id' },
} as const;

export type ListKind = keyof typeof listKinds;

/** The customer's lists of one kind (wishlists or birth lists) that hold the variant: list id -> quantity wished. */
export async function listsHoldingVariant(db: Executor, { kind, userId, variantId }: { kind: ListKind; userId: number; variantId: number }): Promise<Map<number, number>> {
  const { lists, items, listId } = listKinds[kind];
  const { rows } = await sql<{ id: number | string; quantity: number | string }>`
    select l.id, i.quantity from ${sql.table(items)} as i inner join ${sql.table(lists)} as l on l.id = ${sql.ref(`i.${listId}`)}
    where l.user_id = ${userId} and i.variant_id = ${variantId}`.execute(db);
  return new Map(rows.map((row) => [toNumber(row.id), toNumber(row.quantity)]));
}

/** An active variant of an active product, with its price and its product's name in the culture; else undefined. */
export async function listableVariant(db: Executor, { variantId, culture }: { variantId: number; culture: string }) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('product_translations as pt', (join) => join.onRef('pt.product_id', '=', 'p.id').on('pt.culture', '=', culture))
    .select(['v.id', 'v.product_id', 'v.sku', 'v.price_incl_cents', 'v.currency', 'pt.name'])
    .where('v.id', '=', variantId)
    .where('v.is_active', '=', 1)
    .where('p.is_active', '=', 1)
    .executeTakeFirst();
}

/** A product's variant that a list adds when only the product is named (a catalog card): its default, else its first active one. */
export async function defaultVariantOf(db: Executor, { productId }: { productId: number }): Promise<number | undefined> {
  const row = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .where('is_active', '=', 1)
    .orderBy('is_default', 'desc')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}
