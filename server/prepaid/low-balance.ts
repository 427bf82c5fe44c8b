// The low-balance mail: a payment that takes an account with notifications on from at or above its
// threshold to below it tells the customer once (the next payment below does not mail again).
import type { Request } from 'express';
import { inBackground } from '../accounts/mail';
import { appLocals } from '../http/locals';
import { moneyFormatter } from '../shared/money';
import { accountOwner } from './data';
import type { PrepaidPayment } from './ledger';
import { sendCustomerMail } from './mail';

export function crossedLowBalance(payment: Pick<PrepaidPayment, 'account' | 'amountCents' | 'balanceCents'>): boolean {
  const { account, amountCents, balanceCents } = payment;
  return account.notify && balanceCents < account.lowBalanceCents && balanceCents + amountCents >= account.lowBalanceCents;
}

/** Sends the low-balance mail after the answer when the payment crossed the account's threshold. */
export function mailIfLowBalance(req: Request, payment: PrepaidPayment): void {
  if (!crossedLowBalance(payment)) return;
  const { db } = appLocals(req);
  inBackground(req, async (deps) => {
    const owner = await accountOwner(db, { accountId: payment.account.id });
    if (!owner) return;
    const money = moneyFormatter(payment.account.currency, owner.culture);
    await sendCustomerMail(deps, owner, {
      keyPrefix: 'Sales.Prepaid.LowBalanceMail',
      path: `account/prepaidaccounts/${payment.account.id}`,
      values: { account: payment.account.name, balance: money(payment.balanceCents), threshold: money(payment.account.lowBalanceCents) },
    });
  });
}
