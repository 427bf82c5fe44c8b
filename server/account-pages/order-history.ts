// The customer's orders for the account pages: one page of them, newest first, and one order by its
// number, always scoped to the customer who placed it. The order itself is read by server/orders.
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { findOrderByNumber, type OrderView } from '../orders/orders';
import type { OrderState } from '../orders/states';

/** An order as the list shows it. */
export interface OrderListItem {
  number: string;
  createdAt: number;
  state: OrderState;
  currency: string;
  totalInclCents: number;
}

/** How many orders the customer has placed. */
export async function countCustomerOrders(db: Db, { userId }: { userId: number }): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return toNumber(row.count as number | string);
}

/** One page of the customer's orders, newest first (the id breaks ties of the same moment). */
export async function listCustomerOrders(db: Db, { userId, offset, limit }: { userId: number; offset: number; limit: number }): Promise<OrderListItem[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['number', 'created_at', 'state', 'currency', 'total_incl_cents'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ number: row.number, createdAt: toNumber(row.created_at), state: row.state, currency: row.currency, totalInclCents: row.total_incl_cents }));
}

/** The customer's order with this number, or null when there is none or it is someone else's. */
export async function findCustomerOrder(db: Db, { userId, number }: { userId: number; number: string }): Promise<OrderView | null> {
  const order = await findOrderByNumber(db, number);
  return order && order.userId === userId ? order : null;
}
