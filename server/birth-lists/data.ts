import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';
import { listItemColumns, listItemOf } from '../wishlists/data';

/**
 * The one data module on the birth_lists and birth_list_items tables. The owner's functions are scoped
 * by { userId }; the shared page finds a list by its token only.
 */
type Executor = Kysely<Database> | Transaction<Database>;

export interface BirthListRow {
  id: number;
  userId: number;
  token: string;
  childName: string;
  birthDate: string;
  message: string;
}

const listColumns = ['id', 'user_id', 'token', 'child_name', 'birth_date', 'message'] as const;

function listOf(row: { id: number; user_id: number; token: string; child_name: string; birth_date: string; message: string }): BirthListRow {
  return { id: row.id, userId: row.user_id, token: row.token, childName: row.child_name, birthDate: row.birth_date, message: row.message };
}

export async function listBirthLists(db: Executor, { userId }: { userId: number }): Promise<BirthListRow[]> {
  return (await db.selectFrom('birth_lists').select(listColumns).where('user_id', '=', userId).orderBy('id').execute()).map(listOf);
}

export async function findOwnBirthList(db: Executor, { userId, birthListId }: { userId: number; birthListId: number }): Promise<BirthListRow | undefined> {
  const row = await db.selectFrom('birth_lists').select(listColumns).where('user_id', '=', userId).where('id', '=', birthListId).executeTakeFirst();
  return row && listOf(row);
}

export async function findBirthListByToken(db: Executor, { token }: { token: string }): Promise<BirthListRow | undefined> {
  const row = await db.selectFrom('birth_lists').select(listColumns).where('token', '=', token).executeTakeFirst();
  return row && listOf(row);
}

export interface BirthListFields {
  childName: string;
  birthDate: string;
  message: string;
}

export async function insertBirthList(db: Executor, { userId, token, fields, now = Date.now() }: { userId: number; token: string; fields: BirthListFields; now?: number }): Promise<number> {
  const row = await db
    .insertInto('birth_lists')
    .values({ user_id: userId, token, child_name: fields.childName, birth_date: fields.birthDate, message: fields.message, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBirthList(db: Executor, { userId, birthListId, fields }: { userId: number; birthListId: number; fields: BirthListFields }): Promise<boolean> {
  const result = await db
    .updateTable('birth_lists')
    .set({ child_name: fields.childName, birth_date: fields.birthDate, message: fields.message, updated_at: Date.now() })
    .where('user_id', '=', userId)
    .where('id', '=', birthListId)
    .executeTakeFirst();
  return toNumber(result.numUpdatedRows) > 0;
}

export async function deleteBirthList(db: Executor, { userId, birthListId }: { userId: number; birthListId: number }): Promise<boolean> {
  const result = await db.deleteFrom('birth_lists').where('user_id', '=', userId).where('id', '=', birthListId).executeTakeFirst();
  return toNumber(result.numDeletedRows) > 0;
}

/** A list's lines with the variant's catalog price and its product's name in the culture (the list is already known to be the asker's or shared). */
export async function birthListItems(db: Executor, { birthListId, culture }: { birthListId: number; culture: string }) {
  const rows = await db
    .selectFrom('birth_list_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .leftJoin('product_translations as pt', (join) => join.onRef('pt.product_id', '=', 'v.product_id').on('pt.culture', '=', culture))
    .select(listItemColumns)
    .where('i.birth_list_id', '=', birthListId)
    .orderBy('i.id')
    .execute();
  return rows.map(listItemOf);
}

/** One line of a list: by its id inside the owner's lists, or by list and variant. */
export async function findBirthListItem(db: Executor, where: { userId: number; birthListId: number } & ({ itemId: number } | { variantId: number })) {
  let query = db
    .selectFrom('birth_list_items as i')
    .innerJoin('birth_lists as b', 'b.id', 'i.birth_list_id')
    .select(['i.id', 'i.variant_id', 'i.quantity'])
    .where('b.user_id', '=', where.userId)
    .where('b.id', '=', where.birthListId);
  query = 'itemId' in where ? query.where('i.id', '=', where.itemId) : query.where('i.variant_id', '=', where.variantId);
  const row = await query.executeTakeFirst();
  return row && { id: row.id, variantId: row.variant_id, quantity: row.quantity };
}

/** A shared list's wished quantity of a variant, or undefined when the list does not hold it. */
export async function wishedQuantity(db: Executor, { birthListId, variantId }: { birthListId: number; variantId: number }): Promise<number | undefined> {
  const row = await db.selectFrom('birth_list_items').select('quantity').where('birth_list_id', '=', birthListId).where('variant_id', '=', variantId).executeTakeFirst();
  return row?.quantity;
}

/** Sets a variant's wished quantity in a list: a new line, or the quantity of the line already there (one statement). */
export async function upsertBirthListItem(
  db: Executor,
  { birthListId, variantId, quantity, now = Date.now() }: { birthListId: number; variantId: number; quantity: number; now?: number },
): Promise<number> {
  const row = await db
    .insertInto('birth_list_items')
    .values({ birth_list_id: birthListId, variant_id: variantId, quantity, created_at: now })
    .onConflict((conflict) => conflict.columns(['birth_list_id', 'variant_id']).doUpdateSet({ quantity }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ownedLists = (db: Executor, userId: number, birthListId: number) =>
  db.selectFrom('birth_lists').select('id').where('user_id', '=', userId).where('id', '=', birthListId);

export async function setBirthListItemQuantity(db: Executor, { userId, birthListId, itemId, quantity }: { userId: number; birthListId: number; itemId: number; quantity: number }): Promise<boolean> {
  const result = await db.updateTable('birth_list_items').set({ quantity }).where('id', '=', itemId).where('birth_list_id', 'in', ownedLists(db, userId, birthListId)).executeTakeFirst();
  return toNumber(result.numUpdatedRows) > 0;
}

export async function deleteBirthListItem(db: Executor, { userId, birthListId, itemId }: { userId: number; birthListId: number; itemId: number }): Promise<boolean> {
  const result = await db.deleteFrom('birth_list_items').where('id', '=', itemId).where('birth_list_id', 'in', ownedLists(db, userId, birthListId)).executeTakeFirst();
  return toNumber(result.numDeletedRows) > 0;
}

