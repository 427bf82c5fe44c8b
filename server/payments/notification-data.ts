import type { Kysely, Transaction } from 'kysely';
import { isPostgres } from '../db/migrations/helpers';
import type { Database } from '../db/schema';
import type { OrderState } from '../orders/states';
import type { NotificationItem } from './notification-item';
import type { PaymentState } from './tables';

/**
 * The queries of a provider notification, all inside the item's transaction: the payment_notifications
 * log, and the payment an event moves (conditional updates from the state that was read).
 */
type Trx = Transaction<Database>;

export type PaymentRow = { id: number; order_id: number; amount_cents: number; refunded_cents: number; currency: string; state: PaymentState };

/** Stores the item once per (provider, psp_reference, event_code): its row id, or null for a redelivery. */
export async function insertNotification(trx: Trx, { provider, item, now }: { provider: string; item: NotificationItem; now: number }): Promise<number | null> {
  const stored = await trx
    .insertInto('payment_notifications')
    .values({ provider, psp_reference: item.pspReference, event_code: item.eventCode, payload: JSON.stringify(item), received_at: now, processed_at: null })
    .onConflict((conflict) => conflict.columns(['provider', 'psp_reference', 'event_code']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return stored?.id ?? null;
}

export async function markNotificationProcessed(trx: Trx, { notificationId, now }: { notificationId: number; now: number }): Promise<void> {
  await trx.updateTable('payment_notifications').set({ processed_at: now }).where('id', '=', notificationId).execute();
}

/** The provider's payment of a session (our merchantReference). */
export function findPaymentOfSession(trx: Trx, { provider, sessionId }: { provider: string; sessionId: string }): Promise<PaymentRow | undefined> {
  return trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'amount_cents', 'refunded_cents', 'currency', 'state'])
    .where('session_id', '=', sessionId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/**
 * Locks the order's row on PostgreSQL until the transaction ends (SQLite runs one writing transaction
 * at a time), so that what is read next about the order and its other payments stays settled.
 */
export async function lockOrder(trx: Trx, { orderId }: { orderId: number }): Promise<void> {
  await trx.selectFrom('orders').select('id').where('id', '=', orderId).$call((query) => (isPostgres(trx as unknown as Kysely<unknown>) ? query.forUpdate() : query)).execute();
}

/** The order's state and another Authorised payment of it than this one, if any. */
export async function orderPaymentState(trx: Trx, { orderId, paymentId }: { orderId: number; paymentId: number }): Promise<{ orderState: OrderState | null; otherPaymentId: number | null }> {
  const other = await trx.selectFrom('payments').select('id').where('order_id', '=', orderId).where('state', '=', 'Authorised').where('id', '!=', paymentId).executeTakeFirst();
  const order = await trx.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirst();
  return { orderState: order?.state ?? null, otherPaymentId: other?.id ?? null };
}

/** Moves a payment from the state it was read in; false when another event moved it first. */
export async function movePayment(
  trx: Trx,
  { payment, to, pspReference, refundedCents, now }: { payment: PaymentRow; to: PaymentState; pspReference?: string; refundedCents?: number; now: number },
): Promise<boolean> {
  const updated = await trx
    .updateTable('payments')
    .set({ state: to, ...(pspReference === undefined ? {} : { psp_reference: pspReference }), ...(refundedCents === undefined ? {} : { refunded_cents: refundedCents }), updated_at: now })
    .where('id', '=', payment.id)
    .where('state', '=', payment.state)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Sets what a payment has refunded so far, from the state and amount it was read with; false when another event came first. */
export async function recordRefunded(trx: Trx, { payment, refundedCents, now }: { payment: PaymentRow; refundedCents: number; now: number }): Promise<boolean> {
  const updated = await trx
    .updateTable('payments')
    .set({ refunded_cents: refundedCents, updated_at: now })
    .where('id', '=', payment.id)
    .where('state', '=', payment.state)
    .where('refunded_cents', '=', payment.refunded_cents)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
