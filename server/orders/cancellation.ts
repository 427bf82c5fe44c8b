// Cancelling an order: the state change, the stock it took put back (catalog/stock-moves.ts) and its
// coupon use released (coupons/redemptions.ts), all or nothing; and the payment timeout that cancels
// card orders never paid.
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { returnStock } from '../catalog/stock-moves';
import { releaseCoupons } from '../coupons/redemptions';
import { changeState, OrderTransitionError, stateOf } from './transitions';

/** Card orders still Placed (not paid) this long after they were placed are cancelled by cancelUnpaidOrders. */
export const ORDER_PAYMENT_TIMEOUT_MINUTES = 60;

/**
 * Cancels an order inside the caller's transaction: the state change (through the transition table),
 * the recorded stock put back, the coupon use released. A second call changes nothing. A Paid order is
 * refunded, not cancelled, unless the provider itself voided the payment (`paymentVoided`: an
 * authorisation cancelled before capture, so no money was taken).
 */
export async function cancelOrderIn(
  trx: Transaction<Database>,
  orderId: number,
  reason: string,
  { now = Date.now(), paymentVoided = false }: { now?: number; paymentVoided?: boolean } = {},
): Promise<{ changed: boolean }> {
  if ((await stateOf(trx, orderId)) === 'Cancelled') return { changed: false };
  const change = await changeState(trx, orderId, 'Cancelled', reason, now, paymentVoided);
  if (!change.changed) return { changed: false };
  await returnStock(trx, { orderId });
  await releaseCoupons(trx, { orderId });
  return { changed: true };
}

/**
 * Cancels an order in one transaction: the state goes to Cancelled through the transitions table, the
 * stock it took (order_stock) goes back to its warehouses and its coupon use is released (the redemption
 * row deleted, used_count decremented). Done once: an order already Cancelled answers changed: false and
 * puts nothing back (also when two calls race: the conditional state change lets one through). A state
 * the table does not allow to cancel (Paid, Shipped...) throws OrderTransitionError.
 */
export async function cancelOrder(db: Db, orderId: number, reason: string, now = Date.now()): Promise<{ changed: boolean }> {
  try {
    return await db.transaction().execute((trx) => cancelOrderIn(trx, orderId, reason, { now }));
  } catch (error) {
    // A parallel cancel won the conditional state change: this one is the second call.
    if (error instanceof OrderTransitionError && error.to === 'Cancelled' && (await stateOf(db, orderId)) === 'Cancelled') return { changed: false };
    throw error;
  }
}

/** Card orders still Placed that were placed before `before`, oldest first. */
function unpaidCardOrders(db: Db, { before }: { before: number }) {
  return db
    .selectFrom('orders')
    .select(['id', 'number'])
    .where('state', '=', 'Placed')
    .where('payment_method', '=', 'Card')
    .where('created_at', '<=', before)
    .orderBy('id')
    .execute();
}

/**
 * The payment timeout: card orders still Placed ORDER_PAYMENT_TIMEOUT_MINUTES after they were placed are
 * cancelled (stock and coupon use released). One order's failure (say it was paid meanwhile) does not
 * stop the others. Answers the numbers of the orders cancelled. Server startup runs it on a timer.
 */
export async function cancelUnpaidOrders(db: Db, now = Date.now()): Promise<string[]> {
  const due = await unpaidCardOrders(db, { before: now - ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000 });
  const cancelled: string[] = [];
  for (const order of due) {
    try {
      if ((await cancelOrder(db, order.id, 'PaymentTimeout', now)).changed) cancelled.push(order.number);
    } catch (error) {
      if (!(error instanceof OrderTransitionError)) throw error;
    }
  }
  return cancelled;
}
