import { Router } from 'express';
import { NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { moneyFormatter } from '../shared/money';
import { countryNames } from '../shipping/data';
import { isOrderNumber } from '../shared/order-numbers';
import { maySeeOrder } from './access';
import { bankTransferDetails } from './bank';
import { linePicture } from './pictures';
import { findOrderByNumber } from './reads';

export function siteRoutes(): Router {
  return Router();
}

/** {app}/{culture}/orders/confirmation/{number}: the order placed, and for a bank transfer where to pay. */
export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/orders/confirmation/:number', async (req, res) => {
    const { db } = appLocals(req);
    const number = req.params.number;
    const order = isOrderNumber(number) ? await findOrderByNumber(db, number) : null;
    if (!order || !maySeeOrder(req, res, order)) throw new NotFound();
    res.set('Cache-Control', 'no-store');
    const countries = await countryNames(db, { ids: [order.billing.countryId, order.shipping.countryId], culture: res.locals.culture });
    await renderPage(req, res, 'orders/confirmation', {
      countries,
      picture: linePicture(res.locals.basePath),
      title: res.locals.t('Orders.ConfirmationTitle', { number: order.number }),
      order,
      money: moneyFormatter(order.currency, res.locals.culture),
      bank: order.paymentMethod === 'BankTransfer' ? bankTransferDetails(req.app.locals.config) : null,
    });
  });
  return router;
}
