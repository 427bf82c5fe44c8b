// {app}/api/v1/sales/orders/addtocart: PUT (the specification's call, JSON answer) and POST (the same
// as a plain form without JS, answered by a redirect to the cart). Signed-in accounts (server/staff/reorder.ts).
import { type Request, type Response, Router } from 'express';
import { requireUser } from '../accounts/current-user';
import { seeOther, setFlash, wantsJson } from '../http/forms';
import { reorder } from './reorder';

async function reorderCall(req: Request, res: Response): Promise<void> {
  const result = await reorder(req, res);
  // Staff prepared the customer's cart: back to the order's tools (the staff member's cart is not it).
  const url = result.forCustomer ? res.locals.href(`staff/orders/${encodeURIComponent(String(req.body?.OrderId ?? '').trim())}/tools`) : res.locals.href('shoppingcarts');
  res.set('Cache-Control', 'no-store');
  if (req.method === 'PUT' || wantsJson(req)) {
    res.json({ ItemsCount: result.itemsCount, Added: result.added, Skipped: result.skipped, Url: url });
    return;
  }
  const done = result.forCustomer ? 'Sales.Reorder.AddedForCustomer' : 'Sales.Reorder.Added';
  setFlash(req, result.skipped.length ? 'error' : 'success', result.skipped.length ? 'Sales.Reorder.SomeSkipped' : done, { skus: result.skipped.join(', ') });
  seeOther(res, url);
}

export function reorderRoutes(): Router {
  const router = Router();
  router.put('/api/v1/sales/orders/addtocart', requireUser(), reorderCall);
  router.post('/api/v1/sales/orders/addtocart', requireUser(), reorderCall);
  return router;
}
