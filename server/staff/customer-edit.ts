// Staff saving a customer's profile: the name and culture at once, a new e-mail only as a change waiting
// for the link mailed to it (server/accounts/email-changes.ts), and the audit row naming the staff member,
// all in one transaction: an address another account took meanwhile changes nothing at all.
import { writeAudit } from '../audit/data';
import { type EmailChangeAsked, type EmailChangeRequester, requestEmailChangeIn } from '../accounts/email-changes';
import type { Db } from '../db';
import { type CustomerProfile, updateCustomer } from './customers-data';

class AddressTaken extends Error {}

/** Answers the e-mail change asked (null when the address stays), or 'taken' with nothing written. */
export async function saveCustomerProfile(
  db: Db,
  { before, after, staff, now }: { before: CustomerProfile; after: CustomerProfile; staff: EmailChangeRequester; now: number },
): Promise<EmailChangeAsked | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      await updateCustomer(trx, after);
      const change = after.email === before.email ? null : await requestEmailChangeIn(trx, { userId: before.id, newEmail: after.email, requestedBy: staff, now });
      if (change?.outcome === 'taken') throw new AddressTaken();
      const saved = { ...after, email: before.email, emailRequested: change?.outcome === 'requested' ? after.email : null };
      await writeAudit(trx, { actorId: staff.id, action: 'customer.edit', entity: 'customer', entityId: before.id, before, after: saved }, now);
      return change;
    });
  } catch (error) {
    if (error instanceof AddressTaken) return { outcome: 'taken', holder: { email: after.email, firstName: '', culture: after.culture } };
    throw error;
  }
}
