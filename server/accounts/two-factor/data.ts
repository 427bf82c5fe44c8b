import type { Db } from '../../db';
import { toNumber } from '../../db/normalise';

/** The two-factor state of one account. */
export interface TwoFactorAccount {
  id: number;
  email: string;
  sessionVersion: number;
  secret: string | null;
  enabledAt: number | null;
}

export async function findTwoFactorAccount(db: Db, { userId }: { userId: number }): Promise<TwoFactorAccount | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'session_version', 'totp_secret', 'totp_enabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    sessionVersion: toNumber(row.session_version),
    secret: row.totp_secret,
    enabledAt: row.totp_enabled_at === null ? null : toNumber(row.totp_enabled_at),
  };
}

/** Keeps a secret being set up; never replaces the secret of an account whose two-factor is on. */
export async function savePendingSecret(db: Db, { userId, secret }: { userId: number; secret: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_last_step: null })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .execute();
}

/**
 * Accepts a time step once: the conditional update lets only one of two concurrent posts of the
 * same code through, and refuses any step at or before the last accepted one.
 */
export async function acceptStep(
  db: Db,
  { userId, secret, step, enabled }: { userId: number; secret: string; step: number; enabled: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', '=', secret)
    .where('totp_enabled_at', enabled ? 'is not' : 'is', null)
    .where((where) => where.or([where('totp_last_step', 'is', null), where('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markEnabled(db: Db, { userId, now }: { userId: number; now: number }): Promise<void> {
  await db.updateTable('users').set({ totp_enabled_at: now }).where('id', '=', userId).execute();
}

/** Replaces every recovery code of the account with the given hashes. */
export async function replaceRecoveryCodes(db: Db, { userId, codeHashes }: { userId: number; codeHashes: string[] }): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses a recovery code once (conditional update, so two posts of one code cannot both pass). */
export async function useRecoveryCode(db: Db, { userId, codeHash, now }: { userId: number; codeHash: string; now: number }): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, { userId }: { userId: number }): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((select) => select.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return toNumber(row.count as string | number);
}

/** Turns two-factor off: the secret, the replay guard and the recovery codes go. */
export async function clearTwoFactor(db: Db, { userId }: { userId: number }): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
}
