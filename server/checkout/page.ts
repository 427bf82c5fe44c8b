// The checkout page's model: the form's values (a fresh form, or what was posted), the cart's summary,
// the countries, the shipping methods priced for the cart, and the signed-in customer's address pickers.
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { type Cart, findCart } from '../cart/cart';
import { type CartSummary, summarizeCart } from '../cart/pricing';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { bankTransferDetails } from '../orders/bank';
import { linePicture } from '../orders/pictures';
import { listAddresses, type SavedAddress } from '../account-pages/address-book';
import { moneyFormatter } from '../shared/money';
import { idOf } from '../shared/ids';
import { listCountries } from '../shipping/data';
import { shippingOptions } from '../shipping/options';
import { addressFields, addressId } from './address-form';
import { addressBookFlags, defaultChoice, pickerLocals } from './address-picker';
import { checkoutForm } from './form';
import { withCountryCodes } from './postal-codes';
import { checkoutPrepaid } from '../prepaid/checkout';

export type CheckoutValues = Partial<Record<keyof typeof checkoutForm.fields, string>>;
export type CheckoutErrors = CheckoutValues;

export interface CheckoutModel {
  values: CheckoutValues;
  errors: CheckoutErrors;
  /** A resource key: the message above the form. */
  formError?: string;
  summary: CartSummary | null;
  cart: Cart | null;
  /** A signed-in customer's saved addresses (null for a guest: no pickers). */
  addresses?: SavedAddress[] | null;
}

function defaultValues(res: Response, cart: Cart | null): CheckoutValues {
  const user = res.locals.user;
  return {
    Email: user?.email ?? '',
    AccountType: 'Private',
    BillingFirstName: user?.firstName ?? '',
    BillingLastName: user?.lastName ?? '',
    BillingCountry: String(cart?.billingCountryId ?? cart?.shippingCountryId ?? ''),
    SameAddressForShipping: 'true',
    ShippingCountry: String(cart?.shippingCountryId ?? ''),
    ShippingMethodId: String(cart?.shippingMethodId ?? ''),
    BillingVAT: cart?.vatNumber ?? '',
    PaymentMethod: 'BankTransfer',
  };
}

/** The saved addresses asked for (after the popup saved one), else the first that serves, filled in. */
function prefillAddresses(req: Request, values: CheckoutValues, addresses: SavedAddress[]): void {
  const asked = (name: string) => (req.query[name] === undefined ? null : addressId(req.query[name]));
  const billing = defaultChoice(addresses, 'Billing', asked('ExistingBillingAddressId'));
  const shipping = defaultChoice(addresses, 'Shipping', asked('ExistingShippingAddressId'));
  values.ExistingBillingAddressId = String(billing);
  values.ExistingShippingAddressId = String(shipping);
  const find = (id: number) => addresses.find((address) => address.id === id)!;
  if (billing) Object.assign(values, addressFields(find(billing), 'Billing'));
  if (shipping && shipping !== billing) Object.assign(values, addressFields(find(shipping), 'Shipping'), { SameAddressForShipping: 'false' });
}

/** A fresh checkout form for the request's cart and customer. */
export async function freshCheckout(req: Request, res: Response): Promise<CheckoutModel> {
  const { db } = appLocals(req);
  const culture = res.locals.culture;
  const cart = await findCart(req);
  const summary = cart ? await summarizeCart(db, cart, { culture }) : null;
  const values = defaultValues(res, cart);
  const user = res.locals.user;
  const addresses = user ? await listAddresses(db, user.id, culture) : null;
  if (addresses) prefillAddresses(req, values, addresses);
  return { values, errors: {}, cart, summary, addresses };
}

/** Where the shipping methods go: the shipping (or billing, when the same) address's country, city and postal code. */
function destinationOf(values: CheckoutValues, cart: Cart | null, countries: { value: string }[], same: boolean) {
  const firstCountry = countries.find((option) => option.value)?.value;
  const countryId = idOf(String((same ? values.BillingCountry : values.ShippingCountry) || cart?.shippingCountryId || firstCountry || '')) ?? cart?.shippingCountryId ?? null;
  const prefix = same ? 'Billing' : 'Shipping';
  return { countryId, city: values[`${prefix}City`] ?? '', postCode: values[`${prefix}PostalCode`] ?? '' };
}

/** A cart's totals in the shape of an order, as views/partials/orders/order-lines.ejs shows them (no shipping row until one is chosen). */
function totalsOf(summary: CartSummary | null) {
  if (!summary) return null;
  const { lines, subtotalInclCents, taxCents, totalInclCents, reverseCharge } = summary;
  return { lines, subtotalInclCents, taxCents, totalInclCents, reverseCharge, shippingInclCents: summary.shipping?.inclCents ?? null, discountInclCents: summary.discount?.inclCents ?? 0, couponCode: summary.discount?.code ?? null };
}

/** The checkout page (or its region for htmx) of a model, with a new idempotency key when it has none. */
export async function renderCheckout(req: Request, res: Response, model: CheckoutModel, status = 200): Promise<void> {
  const { db } = appLocals(req);
  const { culture, t } = res.locals;
  const shopCountries = await listCountries(db, { culture });
  const countries = [{ value: '', label: 'Checkout.ChooseCountry' }, ...shopCountries.map((country) => ({ value: String(country.id), label: country.name }))];
  const values: CheckoutValues = { ...model.values, IdempotencyKey: model.values.IdempotencyKey || randomUUID() };
  const same = values.SameAddressForShipping === 'true' || values.SameAddressForShipping === 'on';
  const destination = destinationOf(values, model.cart, countries, same);
  const methods = model.cart && model.summary?.lines.length ? await shippingOptions(res, model.cart, destination) : [];
  const pickers = model.addresses
    ? pickerLocals(res, { addresses: model.addresses, billingId: addressId(values.ExistingBillingAddressId) ?? 0, shippingId: addressId(values.ExistingShippingAddressId) ?? 0, flags: addressBookFlags(res) })
    : null;
  res.set('Cache-Control', 'no-store');
  const page = {
    title: t('Checkout.Title'),
    form: withCountryCodes(checkoutForm, shopCountries),
    values,
    errors: model.errors,
    formError: model.formError ? t(model.formError) : '',
    summary: model.summary,
    totals: totalsOf(model.summary),
    countries,
    methods,
    money: moneyFormatter(model.summary?.currency ?? 'EUR', culture),
    sameAddress: same,
    bank: bankTransferDetails(req.app.locals.config),
    pickers,
    picture: linePicture(res.locals.basePath),
    prepaid: await checkoutPrepaid(req, res, model.summary),
  };
  await renderPage(req, res, 'checkout/index', page, status);
}
