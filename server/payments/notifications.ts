import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import { cancelOrderIn, OrderTransitionError, transitionOrder } from '../orders/orders';
import { canTransition } from '../orders/states';
import { takeBackTopUps } from '../prepaid/top-ups';
import type { PaymentState } from './tables';
import { isSignedItem, type NotificationBody, type NotificationItem } from './notification-item';
import {
  findPaymentOfSession, insertNotification, lockOrder, markNotificationProcessed, movePayment, orderPaymentState, type PaymentRow, recordRefunded,
} from './notification-data';

export { type NotificationBody, type NotificationItem, signItem, signingString } from './notification-item';

export type ItemOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected' | 'retry';

/** A notification that cannot be applied now (the order may not make that move): nothing is stored, the provider delivers it again. */
class DeliverAgain extends Error {}

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
 * An event that needs a state the payment has not reached yet but still can (a REFUND while the
 * payment waits for its AUTHORISATION): the provider may deliver events out of order, so this one is
 * neither applied nor stored; it is answered 'retry' and comes again once its predecessor is in.
 */
function awaitsPredecessor(change: Change, payment: PaymentRow): boolean {
  return payment.state === 'Pending' && !change.from.includes('Pending');
}

/** One item's transaction and what it needs at every step. */
interface ItemContext {
  trx: Transaction<Database>;
  item: NotificationItem;
  now: number;
  logger?: Logger;
}

/**
 * A refund of part of a payment: the amount refunded so far grows (a conditional update from what was
 * read), the payment keeps its state and the order its state; the refund that completes the amount
 * is the one that refunds the payment (and, for the order's own payment, the order).
 */
async function recordPartialRefund({ trx, item, now, logger }: ItemContext, payment: PaymentRow, refunded: number): Promise<void> {
  // Another event of this payment committed since it was read (two partial refunds at once on
  // PostgreSQL): roll back and let the provider deliver this one again, to be added to the new total.
  if (!(await recordRefunded(trx, { payment, refundedCents: refunded, now }))) throw new DeliverAgain();
  logger?.info(
    { orderId: payment.order_id, paymentId: payment.id, pspReference: item.pspReference, refundedCents: item.amount.value, totalRefundedCents: refunded, amountCents: payment.amount_cents },
    'partial refund recorded',
  );
}

/**
 * A refund of the order's own payment (Authorised, not a duplicate charge marked RefundDue) takes back the
 * prepaid credit the order bought, in the same transaction (prepaid/top-ups.ts): `refundedCents` is what
 * the payment has refunded so far, so the item stored once (a redelivery is a duplicate) takes it once.
 */
async function takeBackRefundedTopUps({ trx, now, logger }: ItemContext, payment: PaymentRow, refundedCents: number): Promise<void> {
  if (payment.state !== 'Authorised') return;
  await takeBackTopUps(trx, { orderId: payment.order_id, refundedCents, now, logger });
}

/**
 * Where an event takes the payment and its order. An authorisation of an order that already has
 * another Authorised payment, or can no longer be paid, takes the money all the same: the payment is
 * RefundDue (staff refund it), the order stays, and a warning is logged.
 */
async function targetOf({ trx, item, logger }: ItemContext, payment: PaymentRow, change: Change): Promise<{ to: PaymentState; orderTo: Change['order'] }> {
  const orderId = payment.order_id;
  if (change.to === 'Authorised') {
    const { orderState, otherPaymentId } = await orderPaymentState(trx, { orderId, paymentId: payment.id });
    if (otherPaymentId !== null || !orderState || !canTransition(orderState, 'Paid')) {
      logger?.warn(
        { orderId, paymentId: payment.id, pspReference: item.pspReference, otherPaymentId, orderState },
        otherPaymentId !== null ? 'duplicate charge: the order already has an authorised payment; marked RefundDue' : 'payment authorised for an order that cannot be paid; marked RefundDue',
      );
      return { to: 'RefundDue', orderTo: null };
    }
  }
  // Only the order's own payment (Authorised) moves the order on a cancellation or a refund.
  return { to: change.to, orderTo: change.to !== 'Authorised' && payment.state !== 'Authorised' ? null : change.order };
}

/** Moves the order with its payment; a move the order may not make is left for redelivery (logged). */
async function moveOrder({ trx, item, logger }: ItemContext, orderId: number, orderTo: NonNullable<Change['order']>): Promise<void> {
  try {
    const note = `payment ${item.pspReference} ${item.eventCode}`;
    // A cancelled order gives its stock and coupon use back; other moves only change the state.
    if (orderTo === 'Cancelled') await cancelOrderIn(trx, orderId, note, { paymentVoided: true });
    else await transitionOrder(trx, orderId, orderTo, note);
  } catch (error) {
    if (!(error instanceof OrderTransitionError)) throw error;
    logger?.error({ orderId, pspReference: item.pspReference, eventCode: item.eventCode, from: error.from, to: error.to }, 'payment event not applied: the order may not make this move; left for redelivery');
    throw new DeliverAgain();
  }
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
 *   whole item is rolled back and answered 'retry' (the provider delivers it again);
 * - an event that comes before its predecessor (a REFUND of a payment still Pending) is rolled back and
 *   answered 'retry' too, never acknowledged and dropped.
 */
export async function handleNotificationItem(db: Db, key: Buffer, provider: string, value: unknown, logger?: Logger): Promise<ItemOutcome> {
  if (!isSignedItem(key, value)) return 'rejected';
  const item = value;
  try {
    return await db.transaction().execute((trx) => processItem({ trx, item, now: Date.now(), logger }, provider));
  } catch (error) {
    if (error instanceof DeliverAgain) return 'retry';
    throw error;
  }
}

async function processItem(context: ItemContext, provider: string): Promise<ItemOutcome> {
  const { trx, item, now } = context;
  const notificationId = await insertNotification(trx, { provider, item, now });
  if (notificationId === null) return 'duplicate';
  const outcome = await applyItem(context, provider);
  await markNotificationProcessed(trx, { notificationId, now });
  return outcome;
}

/** What the stored item does to its payment and order: 'ignored' when it does nothing (late, unknown, wrong amount). */
async function applyItem(context: ItemContext, provider: string): Promise<'processed' | 'ignored'> {
  const { trx, item, now } = context;
  const payment = await findPaymentOfSession(trx, { provider, sessionId: item.merchantReference });
  const change = changeOf(item);
  if (payment && change && awaitsPredecessor(change, payment)) {
    context.logger?.info({ paymentId: payment.id, pspReference: item.pspReference, eventCode: item.eventCode }, 'payment event before its authorisation; left for redelivery');
    throw new DeliverAgain();
  }
  if (!payment || !change || !amountFits(item, payment) || !change.from.includes(payment.state)) return 'ignored';
  const refunded = Number(payment.refunded_cents) + item.amount.value;
  if (change.to === 'Refunded' && refunded < Number(payment.amount_cents)) {
    await recordPartialRefund(context, payment, refunded);
    await takeBackRefundedTopUps(context, payment, refunded);
    return 'processed';
  }
  await lockOrder(trx, { orderId: payment.order_id });
  const { to, orderTo } = await targetOf(context, payment, change);
  const moved = await movePayment(trx, {
    payment,
    to,
    pspReference: change.to === 'Authorised' ? item.pspReference : undefined,
    refundedCents: change.to === 'Refunded' ? payment.amount_cents : undefined,
    now,
  });
  if (!moved) return 'ignored';
  if (orderTo) await moveOrder(context, payment.order_id, orderTo);
  if (change.to === 'Refunded') await takeBackRefundedTopUps(context, payment, Number(payment.amount_cents));
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
