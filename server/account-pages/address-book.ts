// The address book's writes for the account pages, every one scoped to its owner so another customer's
// id changes nothing. A posted address is checked as the address popup checks it (server/checkout/addresses).
import type { Db } from '../db';
import type { AddressRow } from '../checkout/addresses';

/** Saves a new address in the customer's book; answers its id. */
export async function createAddress(db: Db, { userId, row, now = Date.now() }: { userId: number; row: AddressRow; now?: number }): Promise<number> {
  const inserted = await db.insertInto('addresses').values({ ...row, user_id: userId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes one of the customer's addresses; false when they have none with this id. */
export async function updateAddress(db: Db, { userId, id, row, now = Date.now() }: { userId: number; id: number; row: AddressRow; now?: number }): Promise<boolean> {
  const result = await db.updateTable('addresses').set({ ...row, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes one of the customer's addresses; false when they have none with this id. Orders keep their
 * own copy of an address, and a checkout naming a deleted one falls back to another (server/checkout).
 */
export async function deleteAddress(db: Db, { userId, id }: { userId: number; id: number }): Promise<boolean> {
  const result = await db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
