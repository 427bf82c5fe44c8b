// The prepaid accounts an order may be paid from (the payment page's and the staff order page's "make
// payment" forms, each with a hidden PrepaidAccountId): the accounts of the order's customer in the
// order's currency, each saying whether its balance covers the order; never the account the order tops up
// (ledger.ts refuses that payment).
import type { Db } from '../db';
import type { OrderView } from '../orders/model';
import { moneyFormatter } from '../shared/money';
import { listAccounts } from './data';
import { PREPAID_PAYABLE_STATES } from './ledger';

export interface PrepaidChoice {
  id: number;
  name: string;
  balance: string;
  enough: boolean;
}

export async function prepaidChoices(db: Db, { order, culture }: { order: OrderView; culture: string }): Promise<PrepaidChoice[]> {
  if (order.userId === null || !(PREPAID_PAYABLE_STATES as readonly string[]).includes(order.state)) return [];
  const money = moneyFormatter(order.currency, culture);
  const accounts = await listAccounts(db, { userId: order.userId });
  return accounts
    .filter((account) => account.currency === order.currency && !order.lines.some((line) => line.variantId === account.variantId))
    .map((account) => ({ id: account.id, name: account.name, balance: money(account.balanceCents), enough: account.balanceCents >= order.totalInclCents }));
}
