// The address book's data: every read and write of the addresses table, each scoped to its owner so
// another customer's id finds and changes nothing. The account pages (address-book-routes.ts), the
// checkout's address popup and pickers (server/checkout/addresses.ts, widgets/delivery-address-picker)
// and the checkout's placement read and write through these.
import type { Db } from '../db';
import type { OrderAddress } from '../orders/orders';
import type { AddressType, OrderTables } from '../orders/tables';

/** An address of the book: the fields an order keeps of an address (OrderAddress), with its id, its use and its country's name. */
export interface SavedAddress extends OrderAddress {
  id: number;
  type: AddressType;
  countryName: string;
}

/** What the addresses table holds of an address besides its id, owner and timestamps. */
export type AddressRow = Omit<OrderTables['addresses'], 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** The customer's addresses (or the one with this id), oldest first, with their country's name in the culture. */
async function selectAddresses(db: Db, { userId, culture, id }: { userId: number; culture: string; id?: number }): Promise<SavedAddress[]> {
  let query = db
    .selectFrom('addresses as a')
    .leftJoin('country_translations as ct', (join) => join.onRef('ct.country_id', '=', 'a.country_id').on('ct.culture', '=', culture))
    .selectAll('a')
    .select('ct.name as country_name')
    .where('a.user_id', '=', userId);
  if (id !== undefined) query = query.where('a.id', '=', id);
  const rows = await query.orderBy('a.id').execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    accountType: row.account_type,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    street1: row.street1,
    street2: row.street2,
    postalCode: row.postal_code,
    city: row.city,
    countryId: row.country_id,
    countryName: row.country_name ?? '',
    phone: row.phone,
    vatNumber: row.vat_number,
  }));
}

/** The customer's saved addresses, oldest first. */
export function listAddresses(db: Db, userId: number, culture: string): Promise<SavedAddress[]> {
  return selectAddresses(db, { userId, culture });
}

export type OwnAddress = { found: true; address: SavedAddress } | { found: false; status: 403 | 404 };

/** A customer's own address: 404 when there is none with this id, 403 when it is another customer's. */
export async function ownAddress(db: Db, userId: number, id: number, culture: string): Promise<OwnAddress> {
  const owner = await db.selectFrom('addresses').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!owner) return { found: false, status: 404 };
  if (owner.user_id !== userId) return { found: false, status: 403 };
  const [address] = await selectAddresses(db, { userId, culture, id });
  return address ? { found: true, address } : { found: false, status: 404 };
}

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
