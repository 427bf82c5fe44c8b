import type { Request } from 'express';
import type { Db } from '../db';
import { type Account, findAccountByEmail, insertAccount, markEmailConfirmed, normaliseEmail } from './data';
import { inBackground, type MailDeps, sendAccountMail } from './mail';
import { hashPassword } from './passwords';
import { sendConfirmation } from './sign-in';
import { takeToken } from './tokens';

export interface Registration {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  culture: string;
}

/**
 * Creates a customer account waiting for its address to be confirmed and mails the link. An address
 * that already has an account gets a message instead (or a new link, if it was never confirmed), and
 * the visitor sees the same "check your mailbox" page: the form never tells who is registered.
 */
export async function register(req: Request, registration: Registration): Promise<void> {
  const db: Db = req.app.locals.db;
  // Hashed on both paths, so the answer takes as long for a known address as for a new one.
  const passwordHash = await hashPassword(registration.password);
  const existing = await findAccountByEmail(db, { email: registration.email });
  if (existing) return inBackground(req, (mail) => tellOwner(db, mail, existing));
  let id: number;
  try {
    id = await db.transaction().execute((tx) =>
      insertAccount(tx, { ...registration, passwordHash, roles: ['customer'], confirmedAt: null, now: Date.now() }),
    );
  } catch (error) {
    // Two registrations of one address at once: the unique index lets one through, the other is "existing".
    const raced = await findAccountByEmail(db, { email: registration.email });
    if (!raced) throw error;
    return inBackground(req, (mail) => tellOwner(db, mail, raced));
  }
  const account = { id, email: normaliseEmail(registration.email), firstName: registration.firstName, culture: registration.culture };
  inBackground(req, (mail) => sendConfirmation(db, mail, account));
}

async function tellOwner(db: Db, mail: MailDeps, account: Account): Promise<void> {
  if (account.emailConfirmed) await sendAccountMail(mail, account, { kind: 'AlreadyRegistered' });
  else await sendConfirmation(db, mail, account);
}

export type Confirmation = { state: 'valid'; account: { id: number; sessionVersion: number } } | { state: 'unknown' | 'expired' | 'used' };

/**
 * Uses up a confirmation link and marks the address proven; answers the account to sign in or why not.
 * A link of an address proven meanwhile (by a password reset) counts as used: it must not sign anyone in.
 */
export async function confirmEmail(req: Request, { token }: { token: string }): Promise<Confirmation> {
  const now = Date.now();
  const db: Db = req.app.locals.db;
  return db.transaction().execute(async (tx): Promise<Confirmation> => {
    const taken = await takeToken(tx, { table: 'email_confirmations', token, now });
    if (taken.state !== 'valid') return taken;
    const sessionVersion = await markEmailConfirmed(tx, { userId: taken.userId, now });
    return sessionVersion === null ? { state: 'used' } : { state: 'valid', account: { id: taken.userId, sessionVersion } };
  });
}
