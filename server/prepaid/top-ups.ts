// The top-ups an order buys (its lines of a prepaid account's product), credited to the accounts when
// the order is paid: orders/transitions.ts calls creditTopUps inside the transaction of the change to Paid.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { hasMovement, moveMoney, topUpLines } from './data';

/** An amount of the order's currency in the account's (EUR base: rate_ppm units of the order's currency per 1 EUR). */
function inAccountCurrency(line: { totalInclCents: number; currency: string; accountCurrency: string; ratePpm: number }): number {
  if (line.currency === line.accountCurrency) return line.totalInclCents;
  return Math.round((line.totalInclCents * 1_000_000) / (line.ratePpm || 1_000_000));
}

/**
 * Credits the prepaid accounts an order tops up (its lines of an account's prepaid product), inside the
 * transaction that marks it Paid (orders/transitions.ts calls it). Once per account and order.
 */
export async function creditTopUps(trx: Transaction<Database>, { orderId, now }: { orderId: number; now: number }): Promise<void> {
  const byAccount = new Map<number, number>();
  for (const line of await topUpLines(trx, { orderId })) byAccount.set(line.accountId, (byAccount.get(line.accountId) ?? 0) + inAccountCurrency(line));
  for (const [accountId, cents] of byAccount) {
    if (cents <= 0 || (await hasMovement(trx, { accountId, orderId, kind: 'TopUp' }))) continue;
    await moveMoney(trx, { accountId, amountCents: cents, kind: 'TopUp', orderId, now });
  }
}
