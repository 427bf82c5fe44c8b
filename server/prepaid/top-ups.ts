// The top-ups an order buys (its lines of a prepaid account's product), credited to the accounts when
// the order is paid: orders/transitions.ts calls creditTopUps inside the transaction of the change to Paid.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/migrations/helpers';
import type { Logger } from '../logger';
import { hasMovement, moveMoney, topUpCreditsOfOrder, topUpLines } from './data';

/** An amount of the order's currency in the account's (EUR base: rate_ppm units of the order's currency per 1 EUR). */
function inAccountCurrency(line: { totalInclCents: number; currency: string; accountCurrency: string; ratePpm: number }): number {
  if (line.currency === line.accountCurrency) return line.totalInclCents;
  return Math.round((line.totalInclCents * 1_000_000) / (line.ratePpm || 1_000_000));
}

type TopUpLine = Awaited<ReturnType<typeof topUpLines>>[number];

/**
 * What was paid for each top-up line: its total less the part of the order's discount that the other
 * lines could not take. The cart never discounts a top-up (server/cart/pricing.ts), so this is the line's
 * total; an order whose discount is larger than its other lines (one placed before that rule) credits
 * only what was paid, never the line's price. The excess is shared in proportion, the last line taking
 * the remainder, so the credits add up to exactly what was paid for the top-ups.
 */
function paidForLines(lines: TopUpLine[]): TopUpLine[] {
  if (!lines.length) return lines;
  const topUpsInclCents = lines.reduce((sum, line) => sum + line.totalInclCents, 0);
  const otherLinesInclCents = lines[0].orderSubtotalInclCents - topUpsInclCents;
  let excess = Math.min(topUpsInclCents, Math.max(0, lines[0].orderDiscountInclCents - otherLinesInclCents));
  let linesLeftInclCents = topUpsInclCents;
  return lines.map((line) => {
    const share = linesLeftInclCents > 0 ? Math.ceil((excess * line.totalInclCents) / linesLeftInclCents) : 0;
    excess -= share;
    linesLeftInclCents -= line.totalInclCents;
    return { ...line, totalInclCents: line.totalInclCents - share };
  });
}

/**
 * Credits the prepaid accounts an order tops up (its lines of an account's prepaid product) with what was
 * paid for those lines, inside the transaction that marks it Paid (orders/transitions.ts calls it). Once
 * per account and order.
 */
export async function creditTopUps(trx: Transaction<Database>, { orderId, now }: { orderId: number; now: number }): Promise<void> {
  const byAccount = new Map<number, number>();
  for (const line of paidForLines(await topUpLines(trx, { orderId }))) byAccount.set(line.accountId, (byAccount.get(line.accountId) ?? 0) + inAccountCurrency(line));
  for (const [accountId, cents] of byAccount) {
    if (cents <= 0 || (await hasMovement(trx, { accountId, orderId, kind: 'TopUp' }))) continue;
    await moveMoney(trx, { accountId, amountCents: cents, kind: 'TopUp', orderId, now });
  }
}

/**
 * The provider refunded (part of) a top-up order's payment: the credit it gave goes back out of the
 * accounts, inside the transaction that records the refund (payments/notifications.ts). The refunded
 * money counts against the credit first (the credit is the part a customer could spend at once), so what
 * must have been taken back by now is min(credit, refunded so far in the account's currency); each call
 * takes what is still missing of it (a Refund movement below zero), so a redelivered or repeated call
 * takes nothing more. The balance never goes below zero (the accounts' check): when the customer has
 * already spent the credit, the take-back stops at the balance, the shortfall is written on the movement
 * and logged as a warning for staff to recover (docs/prepaid-accounts.md); a later refund of the same
 * order takes what is still missing, as far as the balance then goes.
 */
export async function takeBackTopUps(
  trx: Transaction<Database>,
  { orderId, refundedCents, now, logger }: { orderId: number; refundedCents: number; now: number; logger?: Pick<Logger, 'warn'> },
): Promise<{ accountId: number; takenCents: number; shortfallCents: number }[]> {
  const postgres = isPostgres(trx as unknown as Kysely<unknown>);
  const outcomes = [];
  let refundedLeft = refundedCents;
  for (const credit of await topUpCreditsOfOrder(trx, { orderId, postgres })) {
    const refunded = inAccountCurrency({ totalInclCents: refundedLeft, currency: credit.orderCurrency, accountCurrency: credit.accountCurrency, ratePpm: credit.ratePpm });
    const due = Math.min(credit.creditedCents, refunded) - credit.takenBackCents;
    // What this account's credit used of the refunded amount is not counted again for the next account.
    if (refunded > 0) refundedLeft -= Math.round((refundedLeft * Math.min(credit.creditedCents, refunded)) / refunded);
    if (due <= 0) continue;
    const taken = Math.min(due, credit.balanceCents);
    const shortfall = due - taken;
    const note = shortfall > 0 ? `top-up refunded; ${shortfall} cents already spent, not taken back` : 'top-up refunded';
    if (taken > 0) await moveMoney(trx, { accountId: credit.accountId, amountCents: -taken, kind: 'Refund', orderId, note, now });
    if (shortfall > 0) logger?.warn({ orderId, accountId: credit.accountId, dueCents: due, takenCents: taken, shortfallCents: shortfall }, 'refunded top-up already spent: the balance could not give it all back; recover the rest');
    outcomes.push({ accountId: credit.accountId, takenCents: taken, shortfallCents: shortfall });
  }
  return outcomes;
}
