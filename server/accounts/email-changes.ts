// A change of an account's e-mail address, by the account itself (account/email) or by staff for a
// customer (staff/customers/{id}/edit). Asked, it is only a pending row (email_changes) and two mails:
// the single-use link to the NEW address, and a notice to the OLD one (naming the staff member who
// asked). The sign-in address changes when the link is followed (account/email/confirm), once, within
// 24 hours; until then the old address stays. Each step is audited. See docs/accounts.md.
import { writeAudit } from '../audit/data';
import type { Db } from '../db';
import { NotFound } from '../http/errors';
import { findAccountByEmail, findAccountById, normaliseEmail, replaceEmail } from './data';
import { confirmationLinkLifetimeMs, type MailDeps, sendAccountMail } from './mail';
import { hashToken, newToken, retireTokens, takeToken } from './tokens';

const changes = 'email_changes';

/** Who asks: the account itself (staffName null), or a staff member for a customer. */
export interface EmailChangeRequester {
  id: number;
  staffName: string | null;
}

type Recipient = { email: string; firstName: string; culture: string };

/** The mails a requested change sends: the link to the new address, the notice to the old one. */
export interface PendingEmailChange {
  account: Recipient;
  newEmail: string;
  token: string;
  staffName: string | null;
}

export type EmailChangeAsked =
  | { outcome: 'same' }
  /** Another account holds the address: nothing stored; its holder may be told (emailTakenNotice). */
  | { outcome: 'taken'; holder: Recipient }
  | { outcome: 'requested'; pending: PendingEmailChange };

/**
 * Stores the change (any earlier pending one of the account stops working) and its audit row, in the
 * caller's transaction (staff save the rest of the customer in the same one). Mail is the caller's,
 * after the answer (mailEmailChange).
 */
export async function requestEmailChangeIn(
  trx: Db,
  { userId, newEmail, requestedBy, now }: { userId: number; newEmail: string; requestedBy: EmailChangeRequester; now: number },
): Promise<EmailChangeAsked> {
  const account = await findAccountById(trx, { userId });
  if (!account) throw new NotFound();
  const email = normaliseEmail(newEmail);
  if (email === account.email) return { outcome: 'same' };
  const holder = await findAccountByEmail(trx, { email });
  if (holder) return { outcome: 'taken', holder };
  const { token, tokenHash } = newToken();
  await retireTokens(trx, { table: changes, userId, now });
  await trx
    .insertInto(changes)
    .values({ user_id: userId, new_email: email, requested_by: requestedBy.id, token_hash: tokenHash, expires_at: now + confirmationLinkLifetimeMs, created_at: now })
    .execute();
  const by = requestedBy.staffName === null ? 'account' : 'staff';
  await writeAudit(trx, { actorId: requestedBy.id, action: 'account.email-change-requested', entity: 'user', entityId: userId, before: { email: account.email }, after: { email, by } }, now);
  return { outcome: 'requested', pending: { account, newEmail: email, token, staffName: requestedBy.staffName } };
}

export function requestEmailChange(db: Db, input: Parameters<typeof requestEmailChangeIn>[1]): Promise<EmailChangeAsked> {
  return db.transaction().execute((trx) => requestEmailChangeIn(trx, input));
}

/** The link to the new address (in the account's culture), then the notice to the old one. */
export async function mailEmailChange(deps: MailDeps, { account, newEmail, token, staffName }: PendingEmailChange): Promise<void> {
  await sendAccountMail(deps, { ...account, email: newEmail }, { kind: 'ConfirmEmailChange', token, newEmail });
  await sendAccountMail(deps, account, staffName === null ? { kind: 'EmailChangeRequested', newEmail } : { kind: 'EmailChangeRequestedByStaff', newEmail, staffName });
}

/** Tells the holder of an address someone asked to move another account to that nothing changed. */
export function mailEmailTaken(deps: MailDeps, holder: Recipient): Promise<void> {
  return sendAccountMail(deps, holder, { kind: 'EmailChangeTaken' });
}

export type EmailChangeConfirmed = { state: 'valid'; userId: number; email: string } | { state: 'unknown' | 'expired' | 'used' | 'taken' };

/**
 * Follows the link: uses it up, and in the same transaction sets the new address (proven by the link),
 * ends the account's other pending changes and its reset and confirmation links (mailed to the old
 * address), and writes the audit row. An address another account took meanwhile changes nothing.
 */
export async function confirmEmailChange(db: Db, { token, now }: { token: string; now: number }): Promise<EmailChangeConfirmed> {
  return db.transaction().execute(async (trx) => {
    const taken = await takeToken(trx, { table: changes, token, now });
    if (taken.state !== 'valid') return taken;
    const change = await trx.selectFrom(changes).select(['new_email', 'requested_by']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    const account = await findAccountById(trx, { userId: taken.userId });
    const holder = await findAccountByEmail(trx, { email: change.new_email });
    if (!account || (holder && holder.id !== taken.userId)) return { state: 'taken' as const };
    await replaceEmail(trx, { userId: account.id, email: change.new_email, now });
    for (const table of [changes, 'password_resets', 'email_confirmations'] as const) await retireTokens(trx, { table, userId: account.id, now });
    await writeAudit(trx, { actorId: account.id, action: 'account.email-change-confirmed', entity: 'user', entityId: account.id, before: { email: account.email }, after: { email: change.new_email, requestedBy: change.requested_by } }, now);
    return { state: 'valid' as const, userId: account.id, email: change.new_email };
  });
}
