import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db';
import { isPostgres } from '../db/migrations/helpers';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import { cancelOrderIn, OrderTransitionError, transitionOrder } from '../orders/orders';
import { canTransition } from '../orders/states';
import type { PaymentState } from './tables';
import { hmacBase64, signatureMatches } from './signing';

/**
 * A provider notification item (the sessions flow's webhook shape): the event, its PSP reference, our
 * merchantReference (the payment session id), the amount, and additionalData.hmacSignature over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success.
 */
export interface NotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: 'true' | 'false';
  eventDate?: string;
  additionalData?: { hmacSignature?: string; [key: string]: unknown };
}

export interface NotificationBody {
  live: 'true' | 'false';
  notificationItems: { NotificationRequestItem: NotificationItem }[];
}

export function signingString(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount?.value ?? ''),
    item.amount?.currency ?? '',
    item.eventCode,
    item.success,
  ].join(':');
}

/** Signs an item (the sandbox provider does this; tests use it to act as the provider). */
export function signItem(key: Buffer, item: Omit<NotificationItem, 'additionalData'>): NotificationItem {
  return { ...item, additionalData: { hmacSignature: hmacBase64(key, signingString(item)) } };
}

function isItem(value: unknown): value is NotificationItem {
  const item = value as NotificationItem | null;
  return (
    typeof item === 'object' && item !== null &&
    typeof item.pspReference === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(item.pspReference) &&
    typeof item.merchantReference === 'string' && item.merchantReference.length <= 100 &&
    typeof item.merchantAccountCode === 'string' && item.merchantAccountCode.length <= 100 &&
    typeof item.eventCode === 'string' && /^[A-Z_]{1,40}$/.test(item.eventCode) &&
    (item.success === 'true' || item.success === 'false') &&
    typeof item.amount === 'object' && item.amount !== null && Number.isInteger(item.amount.value) && typeof item.amount.currency === 'string'
  );
}

export type ItemOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected' | 'retry';

/** A notification that cannot be applied now (the order may not make that move): nothing is stored, the provider delivers it again. */
class RetryLater extends Error {}

type Change = { from: PaymentState[]; to: PaymentState; order: 'Paid' | 'Cancelled' | 'Refunded' | null };

/** What an event does to a payment (a conditional update from `from`), and to its order. */
function changeOf(item: NotificationItem): Change | null {
  const success = item.success === 'true';
  if (item.eventCode === 'AUTHORISATION') return success ? { from: ['Pending'], to: 'Authorised', order: 'Paid' } : { from: ['Pending'], to: 'Refused', order: null };
  if (!success) return null;
  if (item.eventCode === 'CANCELLATION') return { from: ['Pending', 'Authorised'], to: 'Cancelled', order: 'Cancelled' };
  if (item.eventCode === 'REFUND') return { from: ['Authorised', 'RefundDue'], to: 'Refunded', order: 'Refunded' };
  return null;
}

type PaymentRow = { id: number; order_id: number; amount_cents: number; refunded_cents: number; currency: string; state: PaymentState };

/**
 * The event's amount in the payment's currency: the whole payment for an authorisation or a
 * cancellation; for a refund, more than nothing and no more than what is left to refund (a partial
 * refund is one of several).
 */
function amountFits(item: NotificationItem, payment: PaymentRow): boolean {
  if (payment.currency !== item.amount.currency) return false;
  if (item.eventCode !== 'REFUND') return Number(payment.amount_cents) === item.amount.value;
  return item.amount.value > 0 && item.amount.value <= Number(payment.amount_cents) - Number(payment.refunded_cents);
}

/**
 * A refund of part of a payment: the amount refunded so far grows (a conditional update from what was
 * read), the payment keeps its state and the order its state; the refund that completes the amount
 * is the one that refunds the payment (and, for the order's own payment, the order).
 */
async function recordPartialRefund(
  trx: Transaction<Database>,
  input: { payment: PaymentRow; item: NotificationItem; refunded: number; now: number; logger?: Logger; markProcessed: () => Promise<unknown> },
): Promise<ItemOutcome> {
  const { payment, item, refunded } = input;
  const updated = await trx
    .updateTable('payments')
    .set({ refunded_cents: refunded, updated_at: input.now })
    .where('id', '=', payment.id)
    .where('state', '=', payment.state)
    .where('refunded_cents', '=', payment.refunded_cents)
    .executeTakeFirst();
  // Another event of this payment committed since it was read (two partial refunds at once on
  // PostgreSQL): roll back and let the provider deliver this one again, to be added to the new total.
  if (Number(updated.numUpdatedRows) !== 1) throw new RetryLater();
  await input.markProcessed();
  input.logger?.info(
    { orderId: payment.order_id, paymentId: payment.id, pspReference: item.pspReference, refundedCents: item.amount.value, totalRefundedCents: refunded, amountCents: payment.amount_cents },
    'partial refund recorded',
  );
  return 'processed';
}

/**
 * Verifies, stores and processes one notification item, all in one transaction:
 * - a bad or missing signature is rejected: nothing is stored or changed;
 * - the row (provider, psp_reference, event_code) is inserted once: a redelivery finds it and changes nothing;
 * - the payment moves only from the state the event expects (a conditional update), so an event that
 *   comes late (an AUTHORISATION after a CANCELLATION) changes nothing either;
 * - a successful AUTHORISATION moves the order to Paid (transitionOrder, same transaction), unless the
 *   order already has another Authorised payment or cannot be paid any more: then the payment is
 *   RefundDue and a warning is logged (a second charge is never silent);
 * - a CANCELLATION of an Authorised payment cancels the order, a REFUND of it refunds the order; a
 *   REFUND of a RefundDue payment only closes that payment. A REFUND of part of what is left only adds
 *   to the payment's refunded amount; the one that completes it acts as a whole refund. When the order may not make that move, the
 *   whole item is rolled back and answered 'retry' (the provider delivers it again).
 */
export async function handleNotificationItem(db: Db, key: Buffer, provider: string, value: unknown, logger?: Logger): Promise<ItemOutcome> {
  if (!isItem(value) || !signatureMatches(key, signingString(value), value.additionalData?.hmacSignature)) return 'rejected';
  const item = value;
  try {
    return await db.transaction().execute((trx) => processItem(trx, provider, item, logger));
  } catch (error) {
    if (error instanceof RetryLater) return 'retry';
    throw error;
  }
}

async function processItem(trx: Transaction<Database>, provider: string, item: NotificationItem, logger?: Logger): Promise<ItemOutcome> {
  const now = Date.now();
  const stored = await trx
    .insertInto('payment_notifications')
    .values({ provider, psp_reference: item.pspReference, event_code: item.eventCode, payload: JSON.stringify(item), received_at: now, processed_at: null })
    .onConflict((conflict) => conflict.columns(['provider', 'psp_reference', 'event_code']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!stored) return 'duplicate';
  const markProcessed = () => trx.updateTable('payment_notifications').set({ processed_at: now }).where('id', '=', stored.id).execute();
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'amount_cents', 'refunded_cents', 'currency', 'state'])
    .where('session_id', '=', item.merchantReference)
    .where('provider', '=', provider)
    .executeTakeFirst();
  const change = changeOf(item);
  if (!payment || !change || !amountFits(item, payment) || !change.from.includes(payment.state)) {
    await markProcessed();
    return 'ignored';
  }
  if (change.to === 'Refunded') {
    const refunded = Number(payment.refunded_cents) + item.amount.value;
    if (refunded < Number(payment.amount_cents)) return recordPartialRefund(trx, { payment, item, refunded, now, logger, markProcessed });
  }
  const orderId = payment.order_id;
  // One payment event of an order at a time: on PostgreSQL the order row is locked (SQLite runs one
  // writing transaction at a time), so what is read below about the order's other payments is settled.
  await trx.selectFrom('orders').select('id').where('id', '=', orderId).$call((query) => (isPostgres(trx as unknown as Kysely<unknown>) ? query.forUpdate() : query)).execute();
  let to = change.to;
  let orderTo = change.order;
  if (change.to === 'Authorised') {
    const other = await trx.selectFrom('payments').select('id').where('order_id', '=', orderId).where('state', '=', 'Authorised').where('id', '!=', payment.id).executeTakeFirst();
    const order = await trx.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirst();
    if (other || !order || !canTransition(order.state, 'Paid')) {
      // A second charge of a paid order, or an order cancelled meanwhile: the money is taken, staff refund it.
      to = 'RefundDue';
      orderTo = null;
      logger?.warn(
        { orderId, paymentId: payment.id, pspReference: item.pspReference, otherPaymentId: other?.id ?? null, orderState: order?.state ?? null },
        other ? 'duplicate charge: the order already has an authorised payment; marked RefundDue' : 'payment authorised for an order that cannot be paid; marked RefundDue',
      );
    }
  }
  // Only the order's own payment (Authorised) moves the order on a cancellation or a refund.
  if (change.to !== 'Authorised' && payment.state !== 'Authorised') orderTo = null;
  const updated = await trx
    .updateTable('payments')
    .set({
      state: to,
      ...(change.to === 'Authorised' ? { psp_reference: item.pspReference } : {}),
      ...(change.to === 'Refunded' ? { refunded_cents: payment.amount_cents } : {}),
      updated_at: now,
    })
    .where('id', '=', payment.id)
    .where('state', '=', payment.state)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    await markProcessed();
    return 'ignored';
  }
  if (orderTo) {
    try {
      const note = `payment ${item.pspReference} ${item.eventCode}`;
      // A cancelled order gives its stock and coupon use back; other moves only change the state.
      if (orderTo === 'Cancelled') await cancelOrderIn(trx, orderId, note, { paymentVoided: true });
      else await transitionOrder(trx, orderId, orderTo, note);
    } catch (error) {
      if (!(error instanceof OrderTransitionError)) throw error;
      logger?.error({ orderId, pspReference: item.pspReference, eventCode: item.eventCode, from: error.from, to: error.to }, 'payment event not applied: the order may not make this move; left for redelivery');
      throw new RetryLater();
    }
  }
  await markProcessed();
  return 'processed';
}

/**
 * A whole notification request: each item handled on its own. Accepted ("[accepted]") when every item
 * was verified (stored, or already stored); a request with any item that fails verification is
 * refused (401) and that item leaves no trace; `retry` when an item could not be applied yet (the
 * webhook answers 500, so the provider delivers the request again; applied items stay applied once).
 */
export async function handleNotification(db: Db, key: Buffer, provider: string, body: unknown, logger?: Logger): Promise<{ accepted: boolean; retry: boolean; outcomes: ItemOutcome[] }> {
  const items = (body as NotificationBody | null)?.notificationItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > 50) return { accepted: false, retry: false, outcomes: [] };
  const outcomes: ItemOutcome[] = [];
  for (const entry of items) outcomes.push(await handleNotificationItem(db, key, provider, (entry as { NotificationRequestItem?: unknown })?.NotificationRequestItem, logger));
  return { accepted: !outcomes.includes('rejected'), retry: outcomes.includes('retry'), outcomes };
}
