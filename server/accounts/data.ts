import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { privilegedRoles, type Role } from './tables';

/** What sign-in and the password flows need of an account. */
export interface Account {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  culture: string;
  sessionVersion: number;
  twoFactorEnabled: boolean;
  emailConfirmed: boolean;
}

const accountColumns = [
  'id',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'culture',
  'session_version',
  'totp_enabled_at',
  'email_confirmed_at',
] as const;

type AccountRow = {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  culture: string;
  session_version: number | string;
  totp_enabled_at: number | string | null;
  email_confirmed_at: number | string | null;
};

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    culture: row.culture,
    sessionVersion: toNumber(row.session_version),
    twoFactorEnabled: row.totp_enabled_at !== null,
    emailConfirmed: row.email_confirmed_at !== null,
  };
}

/** Addresses are kept trimmed and lowercased, so one address is one account whatever its spelling. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(db: Db, { email }: { email: string }): Promise<Account | null> {
  const row = await db.selectFrom('users').select(accountColumns).where('email', '=', normaliseEmail(email)).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function findAccountById(db: Db, { userId }: { userId: number }): Promise<Account | null> {
  const row = await db.selectFrom('users').select(accountColumns).where('id', '=', userId).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** Whether the account holds a staff, editor or administrator role (the staff's customer tools never touch one). */
export async function isPrivilegedAccount(db: Db, { userId }: { userId: number }): Promise<boolean> {
  const row = await db.selectFrom('user_roles').select('user_id').where('user_id', '=', userId).where('role', 'in', privilegedRoles).executeTakeFirst();
  return Boolean(row);
}

/** Sets the account's address (a confirmed change: server/accounts/email-changes.ts); the link proved it. */
export async function replaceEmail(db: Db, { userId, email, now }: { userId: number; email: string; now: number }): Promise<void> {
  await db.updateTable('users').set({ email: normaliseEmail(email) }).where('id', '=', userId).execute();
  await markEmailConfirmed(db, { userId, now });
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  culture: string;
  roles: Role[];
  /** Epoch ms when the address counts as proven (the demo seed), or null until the link is followed. */
  confirmedAt: number | null;
  now: number;
}

/** Inserts the account and its roles; call inside a transaction so both land or neither. */
export async function insertAccount(db: Db, account: NewAccount): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      email: normaliseEmail(account.email),
      password_hash: account.passwordHash,
      first_name: account.firstName,
      last_name: account.lastName,
      culture: account.culture,
      email_confirmed_at: account.confirmedAt,
      created_at: account.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (account.roles.length > 0) {
    await db.insertInto('user_roles').values(account.roles.map((role) => ({ user_id: id, role }))).execute();
  }
  return id;
}

/** Sets a new password and raises session_version, which ends every session signed in before. */
export async function replacePassword(db: Db, { userId, passwordHash }: { userId: number; passwordHash: string }): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return toNumber(row.session_version);
}

/** Marks the address proven: answers the account's session_version when this call confirmed it, null when it already was. */
export async function markEmailConfirmed(db: Db, { userId, now }: { userId: number; now: number }): Promise<number | null> {
  const row = await db
    .updateTable('users')
    .set({ email_confirmed_at: now })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .returning('session_version')
    .executeTakeFirst();
  return row ? toNumber(row.session_version) : null;
}

export interface AccountSummary {
  id: number;
  email: string;
  name: string;
  roles: Role[];
  createdAt: number;
}

/** The newest accounts with their roles, for the staff dashboard. */
export async function listRecentAccounts(db: Db, { limit }: { limit: number }): Promise<AccountSummary[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const roleRows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('user_id', 'in', rows.map((row) => row.id))
    .orderBy('role')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`.trim(),
    roles: roleRows.filter((role) => role.user_id === row.id).map((role) => role.role),
    createdAt: toNumber(row.created_at),
  }));
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return toNumber(row.count as number | string);
}
