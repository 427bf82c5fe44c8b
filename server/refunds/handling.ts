// Staff handling a refund request: accept or refuse a request (Requested only), then refund an accepted
// one through the order's payment: back to the prepaid account it was paid from (a ledger movement), or
// through the payment provider's refund (a partial refund of the card payment). Never more than was paid
// and is still unrefunded; every action audited; a stale or doubled action changes nothing (409).
import type { Db } from '../db';
import { writeAudit } from '../audit/data';
import { Conflict, NotFound } from '../http/errors';
import { transitionOrder } from '../orders/transitions';
import { paymentsOfOrder } from '../payments/payments';
import type { PaymentProvider } from '../payments/provider';
import { moveMoney, paymentOfOrder, refundedForOrder } from '../prepaid/data';
import { findRequest, moveRequest, type RefundRequestView } from './data';

type Decision = 'Accepted' | 'Refused';

async function requestOrThrow(db: Db, requestId: number): Promise<RefundRequestView> {
  const request = await findRequest(db, { requestId });
  if (!request) throw new NotFound();
  return request;
}

/** Accepts or refuses a Requested request, with the staff's note; answers it as it now is. */
export async function decideRequest(db: Db, input: { requestId: number; staffId: number; to: Decision; note: string }): Promise<RefundRequestView> {
  const before = await requestOrThrow(db, input.requestId);
  await db.transaction().execute(async (trx) => {
    if (!(await moveRequest(trx, { requestId: before.id, from: 'Requested', to: input.to, staffNote: input.note, now: Date.now() }))) throw new Conflict('Sales.Refunds.AlreadyHandled');
    await writeAudit(trx, { actorId: input.staffId, action: `refund.${input.to.toLowerCase()}`, entity: 'refund_request', entityId: before.id, before: { state: before.state }, after: { state: input.to, note: input.note } });
  });
  return requestOrThrow(db, before.id);
}

/** An order paid from a prepaid account: the amount goes back to it (the order Refunded once all of it is). */
async function refundToAccount(db: Db, request: RefundRequestView, paid: { accountId: number; cents: number }, staffId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const already = await refundedForOrder(trx, { accountId: paid.accountId, orderId: request.orderId });
    if (already + request.amountCents > paid.cents) throw new Conflict('Sales.Refunds.AbovePaid');
    if (!(await moveRequest(trx, { requestId: request.id, from: 'Accepted', to: 'Refunded', refundedCents: request.amountCents, now: Date.now() }))) throw new Conflict('Sales.Refunds.AlreadyHandled');
    await moveMoney(trx, { accountId: paid.accountId, amountCents: request.amountCents, kind: 'Refund', orderId: request.orderId, note: `refund request ${request.id}`, now: Date.now() });
    if (already + request.amountCents === paid.cents) await transitionOrder(trx, request.orderId, 'Refunded', `refund request ${request.id}`);
    await writeAudit(trx, { actorId: staffId, action: 'refund.refunded', entity: 'refund_request', entityId: request.id, before: { state: 'Accepted' }, after: { state: 'Refunded', refundedCents: request.amountCents, prepaidAccountId: paid.accountId } });
  });
}

/** A card order: the provider refunds part of the Authorised payment; the request is claimed first, given back should the provider refuse. */
async function refundThroughProvider(db: Db, provider: PaymentProvider, request: RefundRequestView, staffId: number): Promise<void> {
  const payment = (await paymentsOfOrder(db, request.orderId)).find((candidate) => candidate.state === 'Authorised');
  if (!payment) throw new Conflict('Sales.Refunds.NoPayment');
  if (request.amountCents > payment.amountCents - payment.refundedCents) throw new Conflict('Sales.Refunds.AbovePaid');
  if (!(await moveRequest(db, { requestId: request.id, from: 'Accepted', to: 'Refunded', refundedCents: request.amountCents, now: Date.now() }))) throw new Conflict('Sales.Refunds.AlreadyHandled');
  if (!(await provider.refund(db, payment, request.amountCents))) {
    await moveRequest(db, { requestId: request.id, from: 'Refunded', to: 'Accepted', refundedCents: 0, now: Date.now() });
    throw new Conflict('Sales.Refunds.ProviderRefused');
  }
  await writeAudit(db, { actorId: staffId, action: 'refund.refunded', entity: 'refund_request', entityId: request.id, before: { state: 'Accepted' }, after: { state: 'Refunded', refundedCents: request.amountCents, paymentId: payment.id } });
}

/** Refunds an Accepted request through the order's payment; answers it as it now is. */
export async function refundRequest(db: Db, provider: PaymentProvider, input: { requestId: number; staffId: number }): Promise<RefundRequestView> {
  const request = await requestOrThrow(db, input.requestId);
  if (request.state !== 'Accepted') throw new Conflict('Sales.Refunds.NotAccepted');
  const paid = await paymentOfOrder(db, { orderId: request.orderId });
  if (paid) await refundToAccount(db, request, paid, input.staffId);
  else await refundThroughProvider(db, provider, request, input.staffId);
  return requestOrThrow(db, request.id);
}
