// The order's state machine at work: every state change goes through the one table (states.ts) and
// leaves a history row.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { canTransition, type OrderState } from './states';
import { creditTopUps } from '../prepaid/top-ups';

type Executor = Kysely<Database> | Transaction<Database>;

/** A state change the transitions table (states.ts) does not allow. */
export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderState,
    readonly to: OrderState,
  ) {
    super(`An order cannot go from ${from} to ${to}`);
    this.name = 'OrderTransitionError';
  }
}

export async function recordState(trx: Transaction<Database>, move: { orderId: number; from: OrderState | null; to: OrderState; note: string; now: number }): Promise<void> {
  await trx.insertInto('order_state_history').values({ order_id: move.orderId, from_state: move.from, to_state: move.to, note: move.note, created_at: move.now }).execute();
}

/** The order's state, or throws: a state change of an order that does not exist is a programming error. */
export async function stateOf(db: Executor, orderId: number): Promise<OrderState> {
  const order = await db.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new Error(`No order ${orderId}`);
  return order.state;
}

/** The change itself, inside the caller's transaction (`byProvider`: the provider's own moves count too). */
export async function changeState(trx: Transaction<Database>, orderId: number, to: OrderState, note: string, now: number, byProvider = false) {
  const from = await stateOf(trx, orderId);
  if (from === to) return { from, to, changed: false };
  if (!canTransition(from, to, { byProvider })) throw new OrderTransitionError(from, to);
  // Conditional on the state read: a parallel change makes this one fail rather than skip a check.
  const result = await trx.updateTable('orders').set({ state: to, updated_at: now }).where('id', '=', orderId).where('state', '=', from).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new OrderTransitionError(from, to);
  await recordState(trx, { orderId, from, to, note, now });
  // A paid order credits the prepaid accounts it tops up, in the same transaction.
  if (to === 'Paid') await creditTopUps(trx, { orderId, now });
  return { from, to, changed: true };
}

/**
 * Moves an order to another state when the table in states.ts allows it, with a history row.
 * Asking for the state it is already in changes nothing (changed: false): a payment notification
 * delivered twice is harmless. Anything else not in the table throws OrderTransitionError.
 */
export async function transitionOrder(
  db: Executor,
  orderId: number,
  to: OrderState,
  note = '',
): Promise<{ from: OrderState; to: OrderState; changed: boolean }> {
  if (db.isTransaction) return changeState(db as Transaction<Database>, orderId, to, note, Date.now());
  return db.transaction().execute((trx) => changeState(trx, orderId, to, note, Date.now()));
}
