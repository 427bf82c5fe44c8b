// A checked checkout becomes an order: the choices saved on the cart, the cart priced with them (the
// reverse charge when it applies), the order placed in one transaction and its confirmation mail sent.
import type { Request, Response } from 'express';
import type { Cart } from '../cart/cart';
import type { Db } from '../db';
import { updateCart } from '../cart/data';
import { summarizeCart, type CartSummary } from '../cart/pricing';
import { loadRates } from '../currencies/rates';
import { appLocals } from '../http/locals';
import { siteUrl } from '../http/site-url';
import { maySeeOrder, rememberPlacedOrder, visitorKey } from '../orders/access';
import { sendDueOrderMails } from '../orders/mail';
import type { OrderAddress } from '../orders/model';
import { OrderError, type PlaceOrderInput, placeOrder } from '../orders/placement';
import { findOrderById } from '../orders/reads';
import { idOf } from '../shared/ids';
import type { CheckoutChoices, CheckoutData } from './choices';
import { lostCoupon, withdrawLapsedCoupon } from './coupon-lapse';
import type { CheckoutModel } from './page';
import { reverseChargeApplies } from './vat';

/** What a submit ends in: a redirect (the order, or back to the checkout), or the form again with its status. */
export type CheckoutOutcome = { redirect: string } | { form: CheckoutModel; status: number };

/** The form message of each refusal (resource keys). */
const orderErrorMessage: Record<OrderError['code'], string> = {
  OutOfStock: 'Checkout.OutOfStock',
  UnknownVariant: 'Checkout.OutOfStock',
  NotForSale: 'Checkout.NotForSale',
  InvalidQuantity: 'Checkout.OutOfStock',
  CouponExhausted: 'Checkout.CouponExhausted',
  // The route refuses an empty cart before placing: emptied in between means another tab's order took it.
  EmptyCart: 'Checkout.CartChanged',
  CartChanged: 'Checkout.CartChanged',
};

/**
 * The cart's coupon lapsed (used up, expired) since the shopper saw its discount: nothing is placed; the
 * code leaves the cart and the form comes again (409) with the message and the new total.
 */
export async function refuseLapsedCoupon(db: Db, { form, cart, culture, reverseCharge }: { form: CheckoutModel; cart: Cart; culture: string; reverseCharge: boolean }): Promise<CheckoutOutcome> {
  const withdrawn = await withdrawLapsedCoupon(db, { cart, culture, reverseCharge });
  return refusedForm({ ...form, ...withdrawn }, 'Checkout.CouponExhausted');
}

/** Where the customer goes once the order exists: the card payment, or the confirmation. */
export function afterOrder(res: Response, number: string, paymentMethod: string): string {
  return paymentMethod === 'Card' ? res.locals.href(`payments?order=${encodeURIComponent(number)}`) : res.locals.href(`orders/confirmation/${number}`);
}

/** The form again with a new key (the refused submit made nothing, the next one is a new attempt) and a message: 409. */
export function refusedForm(form: CheckoutModel, formError = 'Checkout.FormExpired'): CheckoutOutcome {
  return { form: { ...form, values: { ...form.values, IdempotencyKey: '' }, errors: {}, formError }, status: 409 };
}

function addressOf(data: CheckoutData, prefix: 'Billing' | 'Shipping'): OrderAddress {
  const same = prefix === 'Shipping' && data.SameAddressForShipping;
  const p = same ? 'Billing' : prefix;
  const get = (name: string) => String((data as Record<string, unknown>)[`${p}${name}`] ?? '').trim();
  return {
    firstName: get('FirstName'),
    lastName: get('LastName'),
    company: p === 'Billing' ? data.BillingCompany.trim() : '',
    street1: get('Street1'),
    street2: get('Street2'),
    postalCode: get('PostalCode'),
    city: get('City'),
    countryId: idOf(get('Country')) ?? 0,
    phone: get('Phone'),
    vatNumber: p === 'Billing' ? data.BillingVAT.trim() : '',
    accountType: data.AccountType === 'Company' ? 'Company' : 'Private',
  };
}

function orderInput(req: Request, res: Response, order: { key: string; data: CheckoutData; choices: CheckoutChoices; summary: CartSummary; cart: Cart; ratePpm: number; now: number }): PlaceOrderInput {
  const { data, choices } = order;
  const culture = res.locals.culture;
  const user = res.locals.user;
  return {
    idempotencyKey: order.key,
    summary: order.summary,
    email: data.Email,
    userId: user?.id ?? null,
    culture,
    paymentMethod: data.PaymentMethod === 'Card' ? 'Card' : 'BankTransfer',
    billing: addressOf(data, 'Billing'),
    shipping: addressOf(data, 'Shipping'),
    ratePpm: order.ratePpm,
    vatNumber: choices.vat?.status === 'checked' ? choices.vat.number : '',
    // Only the point saved for the chosen method: a point left from another method is not the delivery.
    pickupPoint: choices.pickupPoint ? JSON.stringify(choices.pickupPoint) : null,
    cartId: order.cart.id,
    // A guest's browser (a customer's orders are theirs by account, not by a shared browser's cookie).
    placedBy: user ? '' : visitorKey(req),
    // The confirmation mail is queued with the order, its link to the confirmation page in this culture.
    confirmationLink: (number) => siteUrl(req.app.locals.config, `/${culture}/orders/confirmation/${number}`),
    now: order.now,
  };
}

/** The choices saved on the cart (the next visit starts from them); answers the cart as it now is. */
async function saveChoices(req: Request, cart: Cart, data: CheckoutData, choices: CheckoutChoices, now: number): Promise<Cart> {
  const { billingCountry, shippingCountry, methodId } = choices;
  const set = { billing_country_id: billingCountry.id, shipping_country_id: shippingCountry.id, shipping_method_id: methodId, vat_number: data.BillingVAT.trim() || null };
  await updateCart(appLocals(req).db, { cartId: cart.id, set, now });
  return { ...cart, billingCountryId: billingCountry.id, shippingCountryId: shippingCountry.id, shippingMethodId: methodId };
}

/** Whether the posted choices make it a reverse-charge sale (a VAT number's country and the delivery country both EU, not the shop's). */
export function reverseChargeOf(data: CheckoutData, choices: CheckoutChoices): boolean {
  return Boolean(choices.vat && reverseChargeApplies(choices.billingCountry, choices.shippingCountry, choices.vat, data.AccountType));
}

/**
 * The cart priced as this post would place it (its countries, shipping method and the reverse charge),
 * nothing saved: what a check of the final total (the prepaid balance) must use, never the cart as saved.
 */
export async function finalSummary(req: Request, res: Response, { data, choices, cart }: { data: CheckoutData; choices: CheckoutChoices; cart: Cart }): Promise<CartSummary> {
  return summarizeCart(appLocals(req).db, chosenCart(cart, choices), { culture: res.locals.culture, reverseCharge: reverseChargeOf(data, choices) });
}

/** The cart with the posted countries and shipping method (nothing saved). */
export function chosenCart(cart: Cart, { billingCountry, shippingCountry, methodId }: CheckoutChoices): Cart {
  return { ...cart, billingCountryId: billingCountry.id, shippingCountryId: shippingCountry.id, shippingMethodId: methodId };
}

/**
 * The mail was queued with the order; it goes out now, after the commit (never inside it). A failure
 * does not undo the order: the sweep (server/main.ts) retries it.
 */
function sendConfirmation(req: Request, order: { orderId: number; number: string }): void {
  const { db, mailer, config, localization, logger } = req.app.locals;
  void sendDueOrderMails({ db, mailer, localization, config, logger }, Date.now(), { orderId: order.orderId }).catch((error: unknown) =>
    logger.error({ err: error, order: order.number }, 'order confirmation mail failed'),
  );
}

/** Places the order of a checked checkout; `form` is the page to show again should it be refused. */
export async function placeCheckoutOrder(req: Request, res: Response, input: { key: string; data: CheckoutData; choices: CheckoutChoices; cart: Cart; form: CheckoutModel }): Promise<CheckoutOutcome> {
  const { db } = appLocals(req);
  const { data, choices } = input;
  const culture = res.locals.culture;
  // The VAT number's country (billing) and the delivery country must both be EU countries other than the shop's.
  const reverseCharge = reverseChargeOf(data, choices);
  const now = Date.now();
  const cart = await saveChoices(req, input.cart, data, choices, now);
  const summary = await summarizeCart(db, cart, { culture, reverseCharge });
  // Priced without the coupon the cart still holds: refused, never placed at a price not shown.
  if (lostCoupon(summary)) return refuseLapsedCoupon(db, { form: input.form, cart, culture, reverseCharge });
  const rates = await loadRates(db);
  let placed;
  try {
    placed = await placeOrder(db, orderInput(req, res, { ...input, summary, cart, ratePpm: rates.ppm[summary.currency] ?? 1_000_000, now }));
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    // Used up by parallel orders while this one was placed (redeemCoupon): the same refusal.
    if (error.code === 'CouponExhausted') return refuseLapsedCoupon(db, { form: input.form, cart, culture, reverseCharge });
    return refusedForm({ ...input.form, cart, summary: await summarizeCart(db, cart, { culture, reverseCharge }) }, orderErrorMessage[error.code]);
  }
  if (!placed.created) {
    // A parallel submit of the same key made it: the order is shown only to whoever placed it.
    const known = await findOrderById(db, placed.orderId);
    if (!known || !maySeeOrder(req, res, known)) return refusedForm({ ...input.form, cart, summary: await summarizeCart(db, cart, { culture }) });
  }
  rememberPlacedOrder(req, placed.number);
  if (placed.created) sendConfirmation(req, placed);
  return { redirect: afterOrder(res, placed.number, data.PaymentMethod) };
}
