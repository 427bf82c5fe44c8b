import type { Request } from 'express';
import { confirmationLinkLifetimeMs, inBackground, type MailDeps, sendAccountMail } from './mail';
import type { Db } from '../db';
import { setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renewSession } from '../http/security';
import { signInSession, signOutSession } from './current-user';
import { cartToken } from '../cart/cart';
import { mergeCartsAtSignIn } from '../cart/merge';
import { type Account, findAccountByEmail } from './data';
import { verifyAgainstDecoy, verifyPassword } from './passwords';
import { insertToken, newToken } from './tokens';

/** A password accepted for an account with two-factor on: the code step (two-factor/) finishes it. */
export interface PendingTwoFactor {
  userId: number;
  rememberMe: boolean;
  /** Already checked to stay on this site. */
  returnUrl: string;
  /** Epoch ms of the password step; the code step refuses a stale one. */
  at: number;
}

declare module 'express-session' {
  interface SessionData {
    pendingTwoFactor?: PendingTwoFactor;
  }
}

/** "Remember me" keeps the session cookie this long; without it the cookie ends with the browser. */
export const rememberMeMs = 30 * 24 * 60 * 60 * 1000;

type PasswordCheck = { outcome: 'invalid' } | { outcome: 'unconfirmed' | 'accepted'; account: Account };

/** Checks an address and password; an unknown address costs the same time as a wrong password. */
async function checkPassword(req: Request, { email, password }: { email: string; password: string }): Promise<PasswordCheck> {
  const account = await findAccountByEmail(req.app.locals.db, { email });
  if (!account) {
    await verifyAgainstDecoy(password);
    return { outcome: 'invalid' };
  }
  if (!(await verifyPassword(account.passwordHash, password))) return { outcome: 'invalid' };
  return { outcome: account.emailConfirmed ? 'accepted' : 'unconfirmed', account };
}

/**
 * Signs the account in on this request: a new session id (no fixation), the account's current
 * session_version (as the caller just read it), and a cookie that lasts 30 days with "remember me" or
 * ends with the browser. Every caller then redirects, so the account is loaded by the next request.
 */
export async function completeSignIn(
  req: Request,
  account: { id: number; sessionVersion: number },
  { rememberMe }: { rememberMe: boolean },
): Promise<void> {
  delete req.session.pendingTwoFactor;
  await signInSession(req, { id: account.id, session_version: account.sessionVersion });
  const notices = await mergeCartsAtSignIn(appLocals(req).db, { token: cartToken(req), userId: account.id, culture: req.res?.locals.culture ?? 'fr' });
  for (const notice of notices) setFlash(req, 'info', notice.key, notice.params);
  req.session.cookie.maxAge = rememberMe ? rememberMeMs : undefined;
}

/** Password accepted, code still to come: nothing is signed in until the two-factor step says so. */
async function awaitTwoFactor(req: Request, pending: Omit<PendingTwoFactor, 'at'>): Promise<void> {
  await renewSession(req);
  signOutSession(req);
  req.session.pendingTwoFactor = { ...pending, at: Date.now() };
}

export type SignInOutcome = 'signed-in' | 'two-factor' | 'invalid' | 'unconfirmed';

/**
 * The password step of a sign-in: a wrong address or password is one outcome (no hint which); an
 * address never confirmed gets a new link; two-factor accounts wait for their code; others are in.
 */
export async function signIn(
  req: Request,
  { email, password, rememberMe, returnUrl }: { email: string; password: string; rememberMe: boolean; returnUrl: string },
): Promise<SignInOutcome> {
  const check = await checkPassword(req, { email, password });
  if (check.outcome === 'invalid') return 'invalid';
  const { account } = check;
  if (check.outcome === 'unconfirmed') {
    inBackground(req, (mail) => sendConfirmation(req.app.locals.db, mail, account));
    return 'unconfirmed';
  }
  if (account.twoFactorEnabled) {
    await awaitTwoFactor(req, { userId: account.id, rememberMe, returnUrl });
    return 'two-factor';
  }
  await completeSignIn(req, account, { rememberMe });
  return 'signed-in';
}

/** Ends the signed-in session: a new session id, no account, no half-finished two-factor step. */
export async function signOut(req: Request): Promise<void> {
  await renewSession(req);
  signOutSession(req);
  delete req.session.pendingTwoFactor;
}

/** Emails a fresh confirmation link (registration, or a sign-in attempt on an address not yet confirmed). */
export async function sendConfirmation(db: Db, mail: MailDeps, account: Pick<Account, 'id' | 'email' | 'firstName' | 'culture'>): Promise<void> {
  const { token, tokenHash } = newToken();
  const now = Date.now();
  await insertToken(db, { table: 'email_confirmations', userId: account.id, tokenHash, now, lifetimeMs: confirmationLinkLifetimeMs });
  await sendAccountMail(mail, account, { kind: 'ConfirmEmail', token });
}
