// What the checkout checks of a posted form beyond its fields' rules: the saved addresses chosen are the
// customer's own, the countries exist, the shipping method ships there (with its pickup point chosen in
// that country) and the VAT number has its country's format.
import type { Request, Response } from 'express';
import type { TFunction } from 'i18next';
import type { Db } from '../db';
import { isPostalCode } from '../../common/validation-rules';
import type { Cart } from '../cart/cart';
import type { FormData } from '../forms';
import { appLocals } from '../http/locals';
import { ownAddress } from '../account-pages/address-book';
import { idOf } from '../shared/ids';
import { type Country, findCountry, findShippingMethod, methodShipsTo } from '../shipping/data';
import { pickupPointFor } from '../shipping/options';
import { addressFields, addressId } from './address-form';
import type { checkoutForm } from './form';
import type { CheckoutErrors } from './page';
import { checkVat, type VatCheck, viesOf } from './vat';

export type CheckoutData = FormData<typeof checkoutForm.fields>;

/** What the checks read with: the database and the request's translator. */
interface Context {
  db: Db;
  t: TFunction;
}

/** A checkout's choices once checked: both countries, the method, its pickup point, the VAT check. */
export interface CheckoutChoices {
  billingCountry: Country;
  shippingCountry: Country;
  methodId: number;
  pickupPoint: Record<string, unknown> | null;
  vat: VatCheck | null;
}

/**
 * The saved addresses a signed-in customer chose (ExistingBillingAddressId / ExistingShippingAddressId):
 * their fields replace the posted Billing* / Shipping* ones (without JS nothing filled them in). An id that
 * is not one of the customer's own addresses is a field message; a guest's ids are ignored.
 */
export async function chosenAddresses(req: Request, res: Response, body: Record<string, unknown>): Promise<{ fields: Record<string, string>; errors: CheckoutErrors }> {
  const user = res.locals.user;
  const fields: Record<string, string> = {};
  const errors: CheckoutErrors = {};
  if (!user) return { fields: { ExistingBillingAddressId: '', ExistingShippingAddressId: '' }, errors };
  for (const use of ['Billing', 'Shipping'] as const) {
    const name = `Existing${use}AddressId` as const;
    const id = addressId(body[name]);
    if (id === 0) continue;
    // "Ship to the billing address" ticked: the shipping picker does not count.
    if (use === 'Shipping' && ['true', 'on'].includes(String([body.SameAddressForShipping].flat().pop() ?? ''))) continue;
    const own = id === null ? null : await ownAddress(appLocals(req).db, user.id, id, res.locals.culture);
    if (!own?.found || (use === 'Billing' ? own.address.type === 'Shipping' : own.address.type === 'Billing')) {
      errors[name] = res.locals.t('Checkout.Addresses.NotYours');
      continue;
    }
    Object.assign(fields, addressFields(own.address, use));
    if (use === 'Shipping') fields.SameAddressForShipping = 'false';
  }
  return { fields, errors };
}

/** The country of a field; ids are whole numbers that fit the columns (shared/ids.ts): anything else is a field message, not a query. */
async function countryOf({ db, t }: Context, data: CheckoutData, field: 'BillingCountry' | 'ShippingCountry', errors: CheckoutErrors): Promise<Country | null> {
  const id = idOf(String(data[field] ?? '').trim());
  const country = id === null ? null : await findCountry(db, { id });
  if (!country) errors[field] = t(id === null && data[field] ? 'Catalog.InvalidId' : 'Checkout.UnknownCountry');
  return country;
}

/** The method chosen, if it ships to the country; a pickup-point method needs its point chosen (the search modal saves it on the cart) in that country. */
async function checkMethod({ db, t }: Context, cart: Cart, data: CheckoutData, country: Country | null, errors: CheckoutErrors) {
  const methodId = idOf(String(data.ShippingMethodId ?? '').trim()) ?? 0;
  if (!methodId) errors.ShippingMethodId = t('Catalog.InvalidId');
  if (country && methodId && !(await methodShipsTo(db, { methodId, countryId: country.id }))) errors.ShippingMethodId = t('Checkout.ShippingMethodUnavailable');
  const method = methodId ? await findShippingMethod(db, { methodId }) : null;
  const pickupPoint = method?.carrier === 'static' ? pickupPointFor(cart, methodId) : null;
  if (!errors.ShippingMethodId && method?.carrier === 'static') {
    if (!pickupPoint) errors.ShippingMethodId = t('Checkout.PickupPointRequired');
    // The point must be in the country the order ships to (its id, or its ISO code when saved as such).
    else if (country && String(pickupPoint.ShippingCountryId) !== String(country.id) && String(pickupPoint.ShippingCountryId).toUpperCase() !== country.code) {
      errors.ShippingMethodId = t('Checkout.PickupPointCountry');
    }
  }
  return { methodId, pickupPoint };
}

/** Each address's postal code in its country's format (the browser checks the same with common/validation-rules). */
function checkPostalCodes({ t }: Context, data: CheckoutData, countries: Record<'billingCountry' | 'shippingCountry', Country | null>, errors: CheckoutErrors): void {
  if (countries.billingCountry && !isPostalCode(countries.billingCountry.code, data.BillingPostalCode)) errors.BillingPostalCode = t('Validation.PostalCode');
  if (data.SameAddressForShipping || !countries.shippingCountry) return;
  if (!isPostalCode(countries.shippingCountry.code, data.ShippingPostalCode)) errors.ShippingPostalCode = t('Validation.PostalCode');
}

/** The checked choices of a valid form, or the field messages of what does not hold. */
export async function checkChoices(
  req: Request,
  res: Response,
  { data, key, cart }: { data: CheckoutData; key: string; cart: Cart },
): Promise<{ ok: true; choices: CheckoutChoices } | { ok: false; errors: CheckoutErrors }> {
  const context: Context = { db: appLocals(req).db, t: res.locals.t };
  const { t } = context;
  const errors: CheckoutErrors = {};
  if (!/^[\w-]{8,100}$/.test(key)) errors.IdempotencyKey = t('Checkout.FormExpired');
  const billingCountry = await countryOf(context, data, 'BillingCountry', errors);
  const shippingCountry = data.SameAddressForShipping ? billingCountry : await countryOf(context, data, 'ShippingCountry', errors);
  checkPostalCodes(context, data, { billingCountry, shippingCountry }, errors);
  const { methodId, pickupPoint } = await checkMethod(context, cart, data, shippingCountry, errors);
  let vat: VatCheck | null = null;
  if (billingCountry && data.BillingVAT.trim()) {
    vat = await checkVat(viesOf(req), billingCountry, data.BillingVAT);
    if (vat.status === 'malformed') errors.BillingVAT = t('Checkout.VatFormat');
  }
  if (Object.keys(errors).length || !billingCountry || !shippingCountry) return { ok: false, errors };
  return { ok: true, choices: { billingCountry, shippingCountry, methodId, pickupPoint, vat } };
}
