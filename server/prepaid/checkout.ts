// The prepaid account choice at checkout: a signed-in customer with accounts in the cart's currency
// may choose one (PrepaidAccountId; empty for none). The choice is checked before the order is placed
// (someone else's account: 404; a balance below the total: the form again, 400, nothing placed); once
// placed, the order is paid from the account (ledger.ts, one transaction) and the customer goes to its
// confirmation. Should the balance have gone meanwhile, the order waits on its payment page with a notice.
import type { Request, Response } from 'express';
import type { CartSummary } from '../cart/pricing';
import { BadInput, NotFound } from '../http/errors';
import { setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { moneyFormatter } from '../shared/money';
import { findOrderByKey } from '../orders/reads';
import { firstText } from '../shared/ids';
import { findAccount, listAccounts } from './data';
import { accountIdOf } from './input';
import { payOrderFromAccount } from './ledger';
import { mailIfLowBalance } from './low-balance';

/** The posted choice: null for none (absent or empty). */
function postedChoice(req: Request): number | null {
  const text = firstText(req.body?.PrepaidAccountId)?.trim() ?? '';
  return text === '' ? null : accountIdOf(text);
}

/** The checkout page's choice: the accounts in the cart's currency and the one chosen ('' for none). */
export async function checkoutPrepaid(req: Request, res: Response, summary: CartSummary | null) {
  const user = res.locals.user;
  if (!user || !summary) return { accounts: [], chosen: '' };
  const money = moneyFormatter(summary.currency, res.locals.culture);
  const accounts = (await listAccounts(appLocals(req).db, { userId: user.id })).filter((account) => account.currency === summary.currency);
  const chosen = req.method === 'POST' ? (firstText(req.body?.PrepaidAccountId) ?? '') : '';
  return { accounts: accounts.map((account) => ({ id: account.id, name: account.name, balance: money(account.balanceCents), enough: account.balanceCents >= summary.totalInclCents })), chosen };
}

/** The chosen account checked against the cart: its field's error (a resource key), or the account id (null for none). */
export async function checkPrepaidChoice(req: Request, res: Response, summary: CartSummary): Promise<{ accountId: number | null; error?: string }> {
  const accountId = postedChoice(req);
  if (accountId === null) return { accountId };
  const user = res.locals.user;
  const account = user ? await findAccount(appLocals(req).db, { userId: user.id, accountId }) : null;
  if (!account) throw new NotFound();
  if (account.currency !== summary.currency) return { accountId, error: 'Sales.Prepaid.OtherCurrency' };
  // A top-up is never paid from the account it tops up (ledger.ts refuses it too).
  if (summary.lines.some((line) => line.variantId === account.variantId)) return { accountId, error: 'Sales.Prepaid.TopUpFromItself' };
  if (account.balanceCents < summary.totalInclCents) return { accountId, error: 'Sales.Prepaid.InsufficientBalance' };
  return { accountId };
}

/** Pays the placed order from the chosen account: the confirmation's address, or the payment page's with a notice. */
export async function payPlacedOrder(req: Request, res: Response, order: { id: number; number: string }, accountId: number): Promise<string> {
  try {
    const payment = await payOrderFromAccount(appLocals(req).db, { orderId: order.id, accountId, note: 'checkout' });
    mailIfLowBalance(req, payment);
    setFlash(req, 'success', 'Sales.Prepaid.Paid', { number: order.number });
    return res.locals.href(`orders/confirmation/${order.number}`);
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    setFlash(req, 'error', error.fields.PrepaidAccountId ?? 'Sales.Prepaid.InsufficientBalance');
    return res.locals.href(`payments?order=${encodeURIComponent(order.number)}`);
  }
}

/** After the order is placed (a redirect): pays the order that the submit's key made from the chosen account. */
export async function payAfterCheckout<Outcome extends object>(req: Request, res: Response, outcome: Outcome, { key, accountId }: { key: string; accountId: number | null }): Promise<Outcome | { redirect: string }> {
  if (accountId === null || !('redirect' in outcome)) return outcome;
  const order = await findOrderByKey(appLocals(req).db, { idempotencyKey: key });
  if (!order || order.userId !== res.locals.user?.id) return outcome;
  return { redirect: await payPlacedOrder(req, res, order, accountId) };
}
