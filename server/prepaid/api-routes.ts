// The prepaid calls of the specification, under {app}/api/v1/sales/prepaidaccounts/ (signed-in
// customers; someone else's account is 404): addtocart puts the account's prepaid product in the cart
// and answers the cart's address as a JSON string (the behaviour navigates to it); setnotification
// turns the low-balance mail on or off. Posted as plain forms (no JS) they answer a redirect instead.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { addToCart } from '../cart/actions';
import { NotFound } from '../http/errors';
import { seeOther, setFlash, wantsJson } from '../http/forms';
import { appLocals } from '../http/locals';
import { findAccount, setNotify } from './data';
import { accountIdOf, activatedOf, quantityOf } from './input';

/** The customer's account named by the body's PrepaidAccountId, or 404. */
async function ownAccount(req: Request, res: Response) {
  const account = await findAccount(appLocals(req).db, { userId: currentUser(res)!.id, accountId: accountIdOf(req.body?.PrepaidAccountId) });
  if (!account) throw new NotFound();
  return account;
}

/** POST .../addtocart {PrepaidAccountId, Quantity}: the cart's address, a JSON string. */
async function addPrepaidToCart(req: Request, res: Response): Promise<void> {
  const quantity = quantityOf(req.body?.Quantity);
  const account = await ownAccount(req, res);
  await addToCart(req, res, { variantId: account.variantId, quantity, origin: 'Prepaid', itemKey: `prepaid:${account.id}` });
  const cartUrl = res.locals.href('shoppingcarts');
  res.set('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    res.json(cartUrl);
    return;
  }
  seeOther(res, cartUrl);
}

/** POST .../setnotification {IsActivated, PrepaidAccountId}: {PrepaidAccountId, IsActivated}. */
async function setNotification(req: Request, res: Response): Promise<void> {
  const notify = activatedOf(req.body?.IsActivated);
  const account = await ownAccount(req, res);
  await setNotify(appLocals(req).db, { userId: account.userId, accountId: account.id, notify });
  res.set('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    res.json({ PrepaidAccountId: account.id, IsActivated: notify });
    return;
  }
  setFlash(req, 'success', notify ? 'Sales.Prepaid.NotificationOn' : 'Sales.Prepaid.NotificationOff');
  seeOther(res, res.locals.href(`account/prepaidaccounts/${account.id}`));
}

export function prepaidApiRoutes(): Router {
  const router = Router();
  router.post('/api/v1/sales/prepaidaccounts/addtocart', requireUser(), addPrepaidToCart);
  router.post('/api/v1/sales/prepaidaccounts/setnotification', requireUser(), setNotification);
  return router;
}
