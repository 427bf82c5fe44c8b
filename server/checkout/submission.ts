// A checkout form posted: straight to the order a retried submit already made, back to the checkout
// when the cart is empty, the form again with its messages, or the order placed (place.ts).
import type { Request, Response } from 'express';
import { findCart } from '../cart/cart';
import { summarizeCart } from '../cart/pricing';
import { appLocals } from '../http/locals';
import { listAddresses } from '../account-pages/address-book';
import { maySeeOrder, rememberPlacedOrder } from '../orders/access';
import { findOrderByKey } from '../orders/reads';
import { checkChoices, chosenAddresses } from './choices';
import { checkoutForm } from './form';
import type { CheckoutErrors, CheckoutValues } from './page';
import { lostCoupon } from './coupon-lapse';
import { afterOrder, type CheckoutOutcome, chosenCart, finalSummary, placeCheckoutOrder, refuseLapsedCoupon, refusedForm, reverseChargeOf } from './place';
import { checkPrepaidChoice, payAfterCheckout } from '../prepaid/checkout';

/**
 * The order a submit's key already made (a retry, a double click): a redirect to it, only for the customer
 * or session that placed it (knowing a key shows nobody else an order; `foreign` says the key is someone else's).
 */
async function orderOfKey(req: Request, res: Response, key: string): Promise<{ redirect: string } | { foreign: boolean }> {
  if (!key) return { foreign: false };
  const known = await findOrderByKey(appLocals(req).db, { idempotencyKey: key });
  if (!known) return { foreign: false };
  if (!maySeeOrder(req, res, known)) return { foreign: true };
  rememberPlacedOrder(req, known.number);
  return { redirect: afterOrder(res, known.number, known.paymentMethod) };
}

/** A private buyer's company name and VAT number are ignored (without JS the fields show for everyone). */
function withoutBusinessFields(input: Record<string, unknown>): Record<string, unknown> {
  const accountType = [input.AccountType].flat().pop();
  return accountType === 'Company' ? input : { ...input, BillingCompany: '', BillingVAT: '' };
}

/** What a posted checkout form ends in (checkout/routes.ts answers it). */
export async function submitCheckout(req: Request, res: Response): Promise<CheckoutOutcome> {
  const { db } = appLocals(req);
  const culture = res.locals.culture;
  const addresses = res.locals.user ? await listAddresses(db, res.locals.user.id, culture) : null;
  const chosen = await chosenAddresses(req, res, (req.body ?? {}) as Record<string, unknown>);
  const result = checkoutForm.validate(withoutBusinessFields({ ...(req.body as object), ...chosen.fields }), res.locals.t);
  const posted = result.values as CheckoutValues;
  const key = String(posted.IdempotencyKey ?? '').trim();
  const known = await orderOfKey(req, res, key);
  if ('redirect' in known) return known;
  const cart = await findCart(req);
  const summary = cart ? await summarizeCart(db, cart, { culture }) : null;
  if (!cart || !summary || summary.lines.length === 0) {
    // An empty cart may be the work of the same submit, committed a moment ago.
    const again = await orderOfKey(req, res, key);
    return 'redirect' in again ? again : { redirect: res.locals.href('checkout') };
  }
  const form = { values: posted, errors: {}, cart, summary, addresses };
  // Someone else's key: a fresh form (a new key), the order it made stays out of sight.
  if (known.foreign) return refusedForm(form);
  if (!result.ok || Object.keys(chosen.errors).length) {
    return { form: { ...form, errors: { ...(result.ok ? {} : (result.errors as CheckoutErrors)), ...chosen.errors } }, status: 400 };
  }
  const checked = await checkChoices(req, res, { data: result.data, key, cart });
  if (!checked.ok) return { form: { ...form, errors: checked.errors }, status: 400 };
  // The prepaid account chosen (server/prepaid/checkout.ts): checked against the total of this post (its
  // shipping method and countries, not the cart as saved) before placing, the order paid from it after.
  const final = await finalSummary(req, res, { data: result.data, choices: checked.choices, cart });
  // A coupon gone since the page was shown is said first (the balance is then checked against the new total).
  if (lostCoupon(final)) return refuseLapsedCoupon(db, { form, cart: chosenCart(cart, checked.choices), culture, reverseCharge: reverseChargeOf(result.data, checked.choices) });
  const prepaid = await checkPrepaidChoice(req, res, final);
  if (prepaid.error) return { form: { ...form, errors: { PrepaidAccountId: res.locals.t(prepaid.error) } as CheckoutErrors }, status: 400 };
  const outcome = await placeCheckoutOrder(req, res, { key, data: result.data, choices: checked.choices, cart, form });
  return payAfterCheckout(req, res, outcome, { key, accountId: prepaid.accountId });
}
