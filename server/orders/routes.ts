import { type Request, type Response, Router } from 'express';
import { formatMoney } from '../catalog/money';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { bankTransferDetails } from './bank';
import { findOrderByNumber, type OrderView } from './orders';

declare module 'express-session' {
  interface SessionData {
    /** Numbers of the orders this visitor placed in this session (a guest may see their confirmation). */
    placedOrders?: string[];
  }
}

/** Remembers that this session placed the order, so its confirmation page opens without an account. */
export function rememberPlacedOrder(req: Request, number: string): void {
  req.session.placedOrders = [...(req.session.placedOrders ?? []).filter((n) => n !== number).slice(-19), number];
}

/** The customer who placed it, or the session that placed it: nobody else sees an order. */
export function maySeeOrder(req: Request, res: Response, order: OrderView): boolean {
  const user = res.locals.user as { id: number } | null | undefined;
  if (user && order.userId === user.id) return true;
  return (req.session?.placedOrders ?? []).includes(order.number);
}

export function siteRoutes(): Router {
  return Router();
}

/** {app}/{culture}/orders/confirmation/{number}: the order placed, and for a bank transfer where to pay. */
export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/orders/confirmation/:number', async (req, res) => {
    const number = String(req.params.number);
    const order = /^\d{4}-\d{6,}$/.test(number) ? await findOrderByNumber(req.app.locals.db, number) : null;
    if (!order || !maySeeOrder(req, res, order)) throw new NotFound();
    res.set('Cache-Control', 'no-store');
    const culture = res.locals.culture as string;
    const money = (cents: number) => formatMoney({ cents, currency: order.currency }, culture);
    await renderPage(req, res, 'orders/confirmation', {
      title: res.locals.t('Orders.ConfirmationTitle', { number: order.number }),
      order,
      money,
      bank: order.paymentMethod === 'BankTransfer' ? bankTransferDetails(req.app.locals.config) : null,
    });
  });
  return router;
}
