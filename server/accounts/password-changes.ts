import type { Request } from 'express';
import { writeAudit } from '../audit/data';
import type { Db } from '../db';
import { signInSession } from './current-user';
import { findAccountByEmail, findAccountById, markEmailConfirmed, replacePassword } from './data';
import { inBackground, resetLinkLifetimeMs, sendAccountMail } from './mail';
import { hashPassword, passwordIsAddress, verifyPassword } from './passwords';
import { insertToken, newToken, readToken, retireTokens, takeToken, type TokenState } from './tokens';

const resets = 'password_resets';

/** Mails a reset link when the address has an account; the visitor is told the same either way. */
export async function requestPasswordReset(req: Request, { email }: { email: string }): Promise<void> {
  const account = await findAccountByEmail(req.app.locals.db, { email });
  if (!account) return;
  inBackground(req, async (mail) => {
    const { token, tokenHash } = newToken();
    await insertToken(req.app.locals.db, { table: resets, userId: account.id, tokenHash, now: Date.now(), lifetimeMs: resetLinkLifetimeMs });
    await sendAccountMail(mail, account, { kind: 'ResetPassword', token });
  });
}

/** Whether a reset link still works (to show its form, or say why it does not). */
export function readResetLink(req: Request, { token }: { token: string }): Promise<TokenState> {
  return readToken(req.app.locals.db, { table: resets, token, now: Date.now() });
}

export type ResetOutcome = { outcome: 'done' } | { outcome: 'policy' } | { outcome: 'link'; state: 'unknown' | 'expired' | 'used' };

/**
 * Sets the new password through a reset link, once: the link is used up in the same transaction as
 * the change, every session of the account ends (session_version), and the address counts as proven.
 * The visitor then signs in as usual, so a reset never skips the two-factor step.
 */
export async function resetPassword(req: Request, { token, password }: { token: string; password: string }): Promise<ResetOutcome> {
  const db: Db = req.app.locals.db;
  const now = Date.now();
  const link = await readToken(db, { table: resets, token, now });
  const account = link.state === 'valid' ? await findAccountById(db, { userId: link.userId }) : null;
  if (link.state !== 'valid' || !account) return { outcome: 'link', state: link.state === 'valid' ? 'unknown' : link.state };
  if (passwordIsAddress(password, account.email)) return { outcome: 'policy' };
  const passwordHash = await hashPassword(password);
  const taken = await db.transaction().execute(async (tx) => {
    const state = await takeToken(tx, { table: resets, token, now });
    if (state.state !== 'valid') return state;
    await replacePassword(tx, { userId: state.userId, passwordHash });
    await markEmailConfirmed(tx, { userId: state.userId, now });
    await retireTokens(tx, { table: resets, userId: state.userId, now });
    await retireTokens(tx, { table: 'email_confirmations', userId: state.userId, now });
    await writeAudit(tx, { actorId: state.userId, action: 'account.password-changed', entity: 'user', entityId: state.userId, after: { via: 'reset' } }, now);
    return state;
  });
  if (taken.state !== 'valid') return { outcome: 'link', state: taken.state };
  inBackground(req, (mail) => sendAccountMail(mail, account, { kind: 'PasswordChanged' }));
  return { outcome: 'done' };
}

export type ChangeOutcome = 'done' | 'wrong-current' | 'policy';

/**
 * Changes the signed-in account's password after checking the current one. Raising session_version
 * ends every other session; this one is renewed under the new version and keeps its cookie lifetime.
 */
export async function changePassword(
  req: Request,
  { userId, oldPassword, newPassword }: { userId: number; oldPassword: string; newPassword: string },
): Promise<ChangeOutcome> {
  const db: Db = req.app.locals.db;
  const account = await findAccountById(db, { userId });
  if (!account || !(await verifyPassword(account.passwordHash, oldPassword))) return 'wrong-current';
  if (passwordIsAddress(newPassword, account.email)) return 'policy';
  const passwordHash = await hashPassword(newPassword);
  const sessionVersion = await db.transaction().execute(async (tx) => {
    const version = await replacePassword(tx, { userId, passwordHash });
    await writeAudit(tx, { actorId: userId, action: 'account.password-changed', entity: 'user', entityId: userId, after: { via: 'change' } });
    return version;
  });
  const remainingMs = req.session.cookie.maxAge;
  await signInSession(req, { id: userId, session_version: sessionVersion });
  req.session.cookie.maxAge = remainingMs ?? undefined;
  inBackground(req, (mail) => sendAccountMail(mail, account, { kind: 'PasswordChanged' }));
  return 'done';
}
