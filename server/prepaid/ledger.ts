// The prepaid ledger at work: an order paid from an account, the debit and the order's state change in
// one transaction (the top-ups an order buys are credited by top-ups.ts when it is paid).
import type { Kysely } from 'kysely';
import type { Db } from '../db';
import { isPostgres } from '../db/migrations/helpers';
import { BadInput, Conflict, NotFound } from '../http/errors';
import { changeState } from '../orders/transitions';
import { writeAudit } from '../audit/data';
import { findAccount, moveMoney, orderBuysVariant, orderForPayment, type PrepaidAccount } from './data';

/** The order states a prepaid payment may be taken in (as a card payment: placed, or a transfer still awaited). */
export const PREPAID_PAYABLE_STATES = ['Placed', 'AwaitingPayment'] as const;

export interface PrepaidPayment {
  orderNumber: string;
  account: PrepaidAccount;
  amountCents: number;
  balanceCents: number;
}

/**
 * Pays an order from one of its customer's prepaid accounts: the account's balance goes down by the
 * order's total (a conditional update: never below zero, also when payments race) and the order goes
 * to Paid, in one transaction. An account that is not the order's customer's, an unknown order: 404.
 * Above the balance: 400 Sales.Prepaid.InsufficientBalance; an order that tops this very account up:
 * 400 Sales.Prepaid.TopUpFromItself (its own credit would pay for it); an order that cannot be paid: 409. Either
 * way nothing changes. With `actorId` (staff paying for the customer) it is audited in the same transaction.
 */
export async function payOrderFromAccount(db: Db, input: { orderId: number; accountId: number; note: string; actorId?: number }): Promise<PrepaidPayment> {
  const postgres = isPostgres(db as unknown as Kysely<unknown>);
  return db.transaction().execute(async (trx) => {
    const order = await orderForPayment(trx, { orderId: input.orderId, postgres });
    if (!order || order.userId === null) throw new NotFound();
    const account = await findAccount(trx, { userId: order.userId, accountId: input.accountId });
    if (!account) throw new NotFound();
    if (!(PREPAID_PAYABLE_STATES as readonly string[]).includes(order.state)) throw new Conflict('Payments.NotPayable');
    if (account.currency !== order.currency) throw new BadInput({ PrepaidAccountId: 'Sales.Prepaid.OtherCurrency' });
    if (await orderBuysVariant(trx, { orderId: order.id, variantId: account.variantId })) throw new BadInput({ PrepaidAccountId: 'Sales.Prepaid.TopUpFromItself' });
    const now = Date.now();
    const balance = await moveMoney(trx, { accountId: account.id, amountCents: -order.totalInclCents, kind: 'Payment', orderId: order.id, note: input.note, now });
    if (balance === null) throw new BadInput({ PrepaidAccountId: 'Sales.Prepaid.InsufficientBalance' });
    await changeState(trx, order.id, 'Paid', `prepaid ${account.id} ${input.note}`.trim(), now);
    // Staff paying for a customer: audited with the change (server/audit).
    if (input.actorId !== undefined) {
      const audit = { actorId: input.actorId, action: 'order.prepaid-payment', entity: 'order', entityId: order.number, before: { state: order.state, balanceCents: account.balanceCents }, after: { state: 'Paid', balanceCents: balance, prepaidAccountId: account.id } };
      await writeAudit(trx, audit, now);
    }
    return { orderNumber: order.number, account, amountCents: order.totalInclCents, balanceCents: balance };
  });
}
