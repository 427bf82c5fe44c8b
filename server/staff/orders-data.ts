// What the staff orders screen reads and writes: the list of orders (by state, with a payment to refund),
// an order moved by staff (checked against the one transition table in a transaction that holds the
// order row), and a RefundDue payment marked refunded.
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Db } from '../db';
import { isPostgres } from '../db/migrations/helpers';
import { toNumber } from '../db/normalise';
import type { Database } from '../db/schema';
import { cancelOrderIn, OrderTransitionError, transitionOrder } from '../orders/orders';
import { type OrderState, staffTransitionsFrom } from '../orders/states';
import type { PaymentMethod } from '../orders/tables';

export const ordersPerPage = 20;

export interface OrderFilter {
  /** Only orders in this state; null for every state. */
  state: OrderState | null;
  /** Only orders with a payment in RefundDue (money taken that is not the order's payment). */
  refundDue: boolean;
}

export interface OrderListRow {
  number: string;
  createdAt: number;
  email: string;
  state: OrderState;
  currency: string;
  totalInclCents: number;
  paymentMethod: PaymentMethod;
  refundDue: boolean;
}

const withRefundDue = ({ exists, selectFrom }: ExpressionBuilder<Database, 'orders'>) =>
  exists(selectFrom('payments').select('payments.id').whereRef('payments.order_id', '=', 'orders.id').where('payments.state', '=', 'RefundDue'));

function filtered(db: Db, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.state) query = query.where('orders.state', '=', filter.state);
  if (filter.refundDue) query = query.where(withRefundDue);
  return query;
}

/** One page (1-based) of the orders that match, newest first, and how many match in all. */
export async function listOrders(db: Db, filter: OrderFilter, page: number): Promise<{ rows: OrderListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .select(['orders.id', 'orders.number', 'orders.created_at', 'orders.email', 'orders.state', 'orders.currency', 'orders.total_incl_cents', 'orders.payment_method'])
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(ordersPerPage)
      .offset((page - 1) * ordersPerPage)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((row) => row.id);
  const due = ids.length
    ? await db.selectFrom('payments').select('order_id').distinct().where('order_id', 'in', ids).where('state', '=', 'RefundDue').execute()
    : [];
  const dueIds = new Set(due.map((row) => row.order_id));
  return {
    rows: rows.map((row) => ({
      number: row.number,
      createdAt: toNumber(row.created_at),
      email: row.email,
      state: row.state,
      currency: row.currency,
      totalInclCents: toNumber(row.total_incl_cents),
      paymentMethod: row.payment_method,
      refundDue: dueIds.has(row.id),
    })),
    total: toNumber(count.count),
  };
}

/** The order row, locked until the transaction ends (PostgreSQL; SQLite runs one writing transaction at a time). */
async function lockedOrder(trx: Transaction<Database>, number: string) {
  const query = trx.selectFrom('orders').select(['id', 'state']).where('number', '=', number);
  return (isPostgres(trx as unknown as Kysely<unknown>) ? query.forUpdate() : query).executeTakeFirst();
}

export type StaffMove = { moved: true; from: OrderState; to: OrderState } | { moved: false; state: OrderState };

/**
 * Moves an order as staff asked from the page they saw: only when it is still in `expected` (the state
 * the page showed) and the table lets staff make the move from there (staffTransitionsFrom). Cancelling
 * goes through cancelOrderIn, so the stock and the coupon use go back. Anything else changes nothing
 * (moved: false with the order's state): a stale page, or another staff member who was first.
 * Answers null for an unknown number.
 */
export async function moveOrder(db: Db, input: { number: string; expected: OrderState; to: OrderState; note: string }): Promise<StaffMove | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await lockedOrder(trx, input.number);
      if (!order) return null;
      if (order.state !== input.expected || !staffTransitionsFrom(order.state).includes(input.to)) return { moved: false, state: order.state };
      if (input.to === 'Cancelled') await cancelOrderIn(trx, order.id, input.note);
      else await transitionOrder(trx, order.id, input.to, input.note);
      return { moved: true, from: order.state, to: input.to };
    });
  } catch (error) {
    // The conditional state change lost to a change the lock did not hold off: nothing was written.
    if (error instanceof OrderTransitionError) return { moved: false, state: error.from };
    throw error;
  }
}


/** The id of the order with that number, or null. */
export async function orderIdOf(db: Db, number: string): Promise<number | null> {
  const row = await db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirst();
  return row?.id ?? null;
}

/** The account that placed the order with that number (null for a guest's), or undefined for no such order. */
export async function orderOwnerOf(db: Db, number: string): Promise<number | null | undefined> {
  const row = await db.selectFrom('orders').select('user_id').where('number', '=', number).executeTakeFirst();
  return row ? row.user_id : undefined;
}
