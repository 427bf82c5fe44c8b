// Paying an order from a prepaid account: POST {app}/{culture}/payments/prepaid {OrderNumber,
// PrepaidAccountId}, the payment page's form (the customer's own order and account; anything else 404).
// The debit and the order's move to Paid are one transaction (ledger.ts); then the payment page again.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { findCustomerOrder } from '../account-pages/order-history';
import { NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { firstText } from '../shared/ids';
import { isOrderNumber } from '../shared/order-numbers';
import { accountIdOf } from './input';
import { payOrderFromAccount } from './ledger';
import { mailIfLowBalance } from './low-balance';

async function payWithPrepaid(req: Request, res: Response): Promise<void> {
  const number = firstText(req.body?.OrderNumber) ?? '';
  const accountId = accountIdOf(req.body?.PrepaidAccountId);
  const order = isOrderNumber(number) ? await findCustomerOrder(appLocals(req).db, { userId: currentUser(res)!.id, number }) : null;
  if (!order) throw new NotFound();
  const payment = await payOrderFromAccount(appLocals(req).db, { orderId: order.id, accountId, note: `customer:${currentUser(res)!.id}` });
  mailIfLowBalance(req, payment);
  setFlash(req, 'success', 'Sales.Prepaid.Paid', { number: order.number });
  seeOther(res, res.locals.href(`payments?order=${encodeURIComponent(order.number)}`));
}

export function prepaidPayRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/payments/prepaid', requireUser(), payWithPrepaid);
  return router;
}
