// What the staff's customer tools read and write: the customer search (e-mail or name, at least 2
// characters, 20 at most), one customer, the profile edit (first and last name, culture; a new e-mail
// waits for its confirmation link: server/accounts/email-changes.ts). Only plain customers: an account
// holding a staff, editor or administrator role is never found here (so never shown nor edited).
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
import { toNumber } from '../db/normalise';
import { privilegedRoles } from '../accounts/tables';

export const CUSTOMER_SEARCH_LIMIT = 20;

/** Accounts with no privileged role (staff, editor, administrator): the only ones the staff's tools see. */
const plainCustomer = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'users'>) =>
  not(exists(selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', 'in', privilegedRoles)));

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
    .where(plainCustomer)
    .orderBy('email')
    .limit(CUSTOMER_SEARCH_LIMIT)
    .execute();
  return rows.map((row) => ({ id: toNumber(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, culture: row.culture }));
}

export async function findCustomer(db: Db, { customerId }: { customerId: number }): Promise<CustomerProfile | null> {
  const row = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'culture']).where('id', '=', customerId).where(plainCustomer).executeTakeFirst();
  return row ? { id: toNumber(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, culture: row.culture } : null;
}

/** Whether another account uses this e-mail. */
export async function emailTaken(db: Db, { email, exceptId }: { email: string; exceptId: number }): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${email.toLowerCase()}`).where('id', '<>', exceptId).executeTakeFirst();
  return Boolean(row);
}

/** The name and culture (a new e-mail goes through requestEmailChangeIn); a privileged account is left alone. */
export async function updateCustomer(db: Executor, profile: Omit<CustomerProfile, 'email'>): Promise<void> {
  await db.updateTable('users').set({ first_name: profile.firstName, last_name: profile.lastName, culture: profile.culture }).where('id', '=', profile.id).where(plainCustomer).execute();
}

/** A customer's orders, newest first (the staff's customer page). */
export async function ordersOfCustomer(db: Db, { customerId, limit = 20 }: { customerId: number; limit?: number }) {
  const rows = await db.selectFrom('orders').select(['number', 'state', 'currency', 'total_incl_cents', 'created_at']).where('user_id', '=', customerId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ number: row.number, state: row.state, currency: row.currency, totalInclCents: toNumber(row.total_incl_cents), createdAt: toNumber(row.created_at) }));
}
