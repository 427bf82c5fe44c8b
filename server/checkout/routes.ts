import { type Request, type Response, Router } from 'express';
import { seeOther } from '../http/forms';
import { deliveryAddressPickerWidget } from '../../widgets/delivery-address-picker/route';
import { addressCultureRoutes } from './addresses';
import { freshCheckout, renderCheckout } from './page';
import { submitCheckout } from './submission';
import { taxRoutes } from './tax-routes';

/** GET {app}/{culture}/checkout: the one-step checkout, filled from the cart and the customer's saved addresses. */
async function getCheckout(req: Request, res: Response): Promise<void> {
  await renderCheckout(req, res, await freshCheckout(req, res));
}

/** POST {app}/{culture}/checkout: the order placed (to its payment or confirmation), or the form again. */
async function postCheckout(req: Request, res: Response): Promise<void> {
  const outcome = await submitCheckout(req, res);
  if ('redirect' in outcome) return seeOther(res, outcome.redirect);
  await renderCheckout(req, res, outcome.form, outcome.status);
}

/** The VAT check, the current country and the address picker widget. */
export function siteRoutes(): Router {
  const router = Router();
  router.use(taxRoutes());
  router.use(deliveryAddressPickerWidget());
  return router;
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/checkout', getCheckout);
  router.use(addressCultureRoutes());
  router.post('/checkout', postCheckout);
  return router;
}
