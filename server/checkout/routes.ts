import { type Request, type Response, Router } from 'express';
import { cartInfo } from '../cart/view';
import { BadInput, HttpError } from '../http/errors';
import { seeOther, wantsJson } from '../http/forms';
import { deliveryAddressPickerWidget } from '../../widgets/delivery-address-picker/route';
import { addressCultureRoutes } from './addresses';
import { type CheckoutModel, freshCheckout, renderCheckout } from './page';
import { submitCheckout } from './submission';
import { taxRoutes } from './tax-routes';

/** GET {app}/{culture}/checkout: the one-step checkout, filled from the cart and the customer's saved addresses. */
async function getCheckout(req: Request, res: Response): Promise<void> {
  await renderCheckout(req, res, await freshCheckout(req, res));
}

/**
 * A refused checkout as the error chain answers a JSON caller: 400 with the fields' messages, or the
 * refusal's status with its message (Checkout.CouponExhausted, ...) and the cart's amounts as they now are.
 */
function refusalOf({ form, status }: { form: CheckoutModel; status: number }, culture: string): HttpError {
  if (status === 400) return new BadInput(form.errors as Record<string, string>);
  const { AmountTaxIncl, AmountTaxInclHtml, DiscountTaxInclHtml, CurrencyCode } = cartInfo(form.summary, culture);
  return new HttpError(status, form.formError ?? 'Core.BadInput', { extra: { AmountTaxIncl, AmountTaxInclHtml, DiscountTaxInclHtml, CurrencyCode } });
}

/** POST {app}/{culture}/checkout: the order placed (to its payment or confirmation), or the form again (a JSON caller: its 4xx). */
async function postCheckout(req: Request, res: Response): Promise<void> {
  const outcome = await submitCheckout(req, res);
  if ('redirect' in outcome) return seeOther(res, outcome.redirect);
  if (wantsJson(req)) throw refusalOf(outcome, res.locals.culture);
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
