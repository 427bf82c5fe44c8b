// A customer's refund request: the form of one of their paid (or shipped) orders, and the request made
// in one transaction that holds the order's row, checking again what is still open on each line and
// that all requests not refused never ask more than the order's total. Someone else's order: null (404).
import type { Db } from '../db';
import { BadInput, Conflict } from '../http/errors';
import { findOrderByNumber } from '../orders/reads';
import type { OrderView } from '../orders/model';
import { insertRequest, lockedOrderState, refundableLines, type RefundableLine, requestedCents } from './data';
import { checkRefundForm, type RefundChoice } from './rules';

export const REFUNDABLE_ORDER_STATES: readonly string[] = ['Paid', 'Shipped'];

export interface RefundForm {
  order: OrderView;
  lines: RefundableLine[];
  refundable: boolean;
}

/** The customer's order and its lines with what is still open; null for an order that is not theirs. */
export async function refundFormOf(db: Db, { userId, number }: { userId: number; number: string }): Promise<RefundForm | null> {
  const order = await findOrderByNumber(db, number);
  if (!order || order.userId !== userId) return null;
  const lines = await refundableLines(db, { orderId: order.id });
  return { order, lines, refundable: REFUNDABLE_ORDER_STATES.includes(order.state) && lines.some((line) => line.requested < line.quantity) };
}

const amountOf = (choices: RefundChoice[]) => choices.reduce((sum, choice) => sum + choice.quantity * choice.line.unitInclCents, 0);

/**
 * Makes the request of a checked form: all or nothing. The order no longer refundable: 409; a
 * quantity above what is now open, or more than the order's total in all: 400 (nothing written).
 */
export async function createRefundRequest(db: Db, input: { form: RefundForm; userId: number; body: Record<string, unknown> }): Promise<number> {
  const { order } = input.form;
  return db.transaction().execute(async (trx) => {
    const state = await lockedOrderState(trx, { orderId: order.id });
    if (!REFUNDABLE_ORDER_STATES.includes(state)) throw new Conflict('Sales.Refunds.NotRefundable');
    const checked = checkRefundForm(input.body, await refundableLines(trx, { orderId: order.id }));
    if (Object.keys(checked.errors).length) throw new BadInput(checked.errors);
    const amount = amountOf(checked.choices);
    if ((await requestedCents(trx, { orderId: order.id })) + amount > order.totalInclCents) throw new BadInput({ Lines: 'Sales.Refunds.AbovePaid' });
    const lines = checked.choices.map((choice) => ({ orderLineId: choice.line.id, quantity: choice.quantity, unitInclCents: choice.line.unitInclCents }));
    return insertRequest(trx, { orderId: order.id, userId: input.userId, currency: order.currency, reason: checked.reason, lines, now: Date.now() });
  });
}
