// The administrators' page of editors: who holds the editor or administrator role, and granting or
// removing the editor role, each in a transaction with its audit row (who, when, roles before and after).
import { writeAudit } from '../audit/data';
import type { Role } from '../accounts/tables';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';

export interface EditorAccount {
  id: number;
  email: string;
  name: string;
  roles: Role[];
  twoFactor: boolean;
}

/** Every account holding a back-office role, by e-mail address. */
export async function listEditors(db: Db): Promise<EditorAccount[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.totp_enabled_at', 'user_roles.role'])
    .where('users.id', 'in', (eb) => eb.selectFrom('user_roles').select('user_id').where('role', 'in', ['editor', 'administrator']))
    .orderBy('users.email')
    .orderBy('user_roles.role')
    .execute();
  const accounts = new Map<number, EditorAccount>();
  for (const row of rows) {
    const account = accounts.get(row.id) ?? { id: row.id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), roles: [], twoFactor: row.totp_enabled_at !== null };
    account.roles.push(row.role);
    accounts.set(row.id, account);
  }
  return [...accounts.values()];
}

async function rolesOf(db: Db, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((row) => row.role);
}

/** The account of that address (lowercased), or null. */
export async function findAccountIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row ? toNumber(row.id) : null;
}

/** Grants (or removes) the editor role; false when nothing changed (already so). Audited. */
export async function setEditorRole(db: Db, { userId, editor, actorId }: { userId: number; editor: boolean; actorId: number }): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const before = await rolesOf(tx, userId);
    if (before.includes('editor') === editor) return false;
    if (editor) await tx.insertInto('user_roles').values({ user_id: userId, role: 'editor' }).execute();
    else await tx.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', 'editor').execute();
    const after = await rolesOf(tx, userId);
    await writeAudit(tx, { actorId, action: editor ? 'roles.grant-editor' : 'roles.remove-editor', entity: 'user', entityId: userId, before: { roles: before }, after: { roles: after } });
    return true;
  });
}
