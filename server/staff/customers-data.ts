// What the staff's customer tools read and write: the customer search (e-mail or name, at least 2
// characters, 20 at most), one customer with their roles, the profile edit (first and last name,
// e-mail, culture; the e-mail unique), and a customer's cart found or made for an order put back in it.
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
import { toNumber } from '../db/normalise';

export const CUSTOMER_SEARCH_LIMIT = 20;

export interface CustomerProfile {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  culture: string;
}

/** Customers whose e-mail or name holds the text (case-insensitive), e-mail order. */
export async function searchCustomers(db: Db, { text }: { text: string }): Promise<CustomerProfile[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'culture'])
    .where((eb) => eb.or([like('email'), like('first_name'), like('last_name')]))
    .orderBy('email')
    .limit(CUSTOMER_SEARCH_LIMIT)
    .execute();
  return rows.map((row) => ({ id: toNumber(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, culture: row.culture }));
}

export async function findCustomer(db: Db, { customerId }: { customerId: number }): Promise<CustomerProfile | null> {
  const row = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'culture']).where('id', '=', customerId).executeTakeFirst();
  return row ? { id: toNumber(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, culture: row.culture } : null;
}

/** Whether another account uses this e-mail. */
export async function emailTaken(db: Db, { email, exceptId }: { email: string; exceptId: number }): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${email.toLowerCase()}`).where('id', '<>', exceptId).executeTakeFirst();
  return Boolean(row);
}

export async function updateCustomer(db: Executor, profile: CustomerProfile): Promise<void> {
  await db.updateTable('users').set({ email: profile.email, first_name: profile.firstName, last_name: profile.lastName, culture: profile.culture }).where('id', '=', profile.id).execute();
}

/** A customer's orders, newest first (the staff's customer page). */
export async function ordersOfCustomer(db: Db, { customerId, limit = 20 }: { customerId: number; limit?: number }) {
  const rows = await db.selectFrom('orders').select(['number', 'state', 'currency', 'total_incl_cents', 'created_at']).where('user_id', '=', customerId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ number: row.number, state: row.state, currency: row.currency, totalInclCents: toNumber(row.total_incl_cents), createdAt: toNumber(row.created_at) }));
}
