import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';

/** The tables of emailed single-use links: password resets, address confirmations and address changes share one shape. */
export type TokenTable = 'password_resets' | 'email_confirmations' | 'email_changes';

/** What a link's token is worth when it comes back: a usable one names its account. */
export type TokenState = { state: 'valid'; userId: number } | { state: 'unknown' | 'expired' | 'used' };

/** The message telling why a link does not work. */
export function linkProblemKey(state: 'unknown' | 'expired' | 'used'): string {
  return { unknown: 'Security.Link.Unknown', expired: 'Security.Link.Expired', used: 'Security.Link.Used' }[state];
}

/** 32 random bytes for the link; only their sha256 is stored, so a copy of the table opens nothing. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a new link for the account; any earlier unused link of the same kind stops working. */
export async function insertToken(
  db: Db,
  { table, userId, tokenHash, now, lifetimeMs }: { table: TokenTable; userId: number; tokenHash: string; now: number; lifetimeMs: number },
): Promise<void> {
  await retireTokens(db, { table, userId, now });
  await db.insertInto(table).values({ user_id: userId, token_hash: tokenHash, expires_at: now + lifetimeMs, created_at: now }).execute();
}

/** Reads a token without using it up (to show the reset form, or say why the link no longer works). */
export async function readToken(db: Db, { table, token, now }: { table: TokenTable; token: string; now: number }): Promise<TokenState> {
  const row = await db
    .selectFrom(table)
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used' };
  if (toNumber(row.expires_at) <= now) return { state: 'expired' };
  return { state: 'valid', userId: row.user_id };
}

/**
 * Uses the token up in one conditional update, so two requests racing with the same link cannot both
 * succeed; answers the account, or why the link does not work. Run it in the transaction of the change
 * the link allows, so a failure after it leaves the link usable.
 */
export async function takeToken(db: Db, { table, token, now }: { table: TokenTable; token: string; now: number }): Promise<TokenState> {
  const taken = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (taken) return { state: 'valid', userId: taken.user_id };
  return readToken(db, { table, token, now });
}

/** Ends every outstanding link of that kind for the account (a newer link, or a successful reset). */
export async function retireTokens(db: Db, { table, userId, now }: { table: TokenTable; userId: number; now: number }): Promise<void> {
  await db.updateTable(table).set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
