import { appLocals } from '../http/locals';
import { randomUUID } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { TFunction } from 'i18next';
import { type Cart, ensureCart, findCart, shippingPrices, summarizeCart, type CartSummary } from '../cart/cart';
import { formatMoney } from '../shared/money';
import { loadRates } from '../currencies/rates';
import type { Db } from '../db';
import { toBoolean } from '../db/normalise';
import type { FormData } from '../forms';
import { BadInput } from '../http/errors';
import { firstText, idOf } from '../shared/ids';
import { seeOther } from '../http/forms';
import { renderPage } from '../http/render';
import { siteUrl } from '../http/site-url';
import { sendDueOrderMails } from '../orders/mail';
import { findOrderById, OrderError, type OrderAddress, placeOrder } from '../orders/orders';
import { maySeeOrder, rememberPlacedOrder, visitorKey } from '../orders/routes';
import { bankTransferDetails } from '../orders/bank';
import { addressCultureRoutes } from './addresses';
import { addressFields, addressId } from './address-form';
import { addressBookFlags, defaultChoice, pickerLocals } from './address-picker';
import { listAddresses, ownAddress, type SavedAddress } from '../account-pages/address-book';
import { deliveryAddressPickerWidget } from '../../widgets/delivery-address-picker/route';
import { checkoutForm } from './form';
import { checkVat, countryOptions, findCountry, reverseChargeApplies, type VatCheck, viesOf } from './vat';

type Values = Partial<Record<keyof typeof checkoutForm.fields, string>>;
type Errors = Values;
type Data = FormData<typeof checkoutForm.fields>;

interface MethodOption {
  id: number;
  name: string;
  price: string;
  /** A pickup-point method (carrier 'static'): the search modal's address, and the point chosen for it. */
  pickup: { searchUrl: string; countryCode: string; chosen: string | null } | null;
}

/** The pickup point saved on the cart for this method (its payload), or null: a point saved for another method does not count. */
function pickupPointFor(cart: Cart, methodId: number): Record<string, unknown> | null {
  const point = cart.pickupPoint as Record<string, unknown> | null;
  if (!point || typeof point !== 'object' || Number(point.ShippingMethodId) !== methodId) return null;
  return point;
}

/** The pickup point saved on the cart for this method, as one line (name, street, city), or null. */
function chosenPickupPoint(cart: Cart, methodId: number): string | null {
  const point = pickupPointFor(cart, methodId);
  if (!point) return null;
  return [point.PickupPointName, point.ShippingStreet1, [point.ShippingPostalCode, point.ShippingCity].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/** The shipping methods that go to a country, priced for this cart (free above their threshold). */
async function shippingMethods(
  res: Response,
  cart: Cart,
  destination: { countryId: number | null; city: string; postCode: string },
): Promise<MethodOption[]> {
  const { db } = appLocals(res.req);
  const culture = res.locals.culture as string;
  const { countryId } = destination;
  const country = countryId === null ? undefined : await db.selectFrom('countries').select('code').where('id', '=', countryId).executeTakeFirst();
  let query = db
    .selectFrom('shipping_methods as m')
    .leftJoin('shipping_method_translations as mt', (join) => join.onRef('mt.shipping_method_id', '=', 'm.id').on('mt.culture', '=', culture))
    .select(['m.id', 'm.code', 'm.carrier', 'mt.name'])
    .orderBy('m.position')
    .orderBy('m.id');
  if (countryId !== null) {
    query = query.where((eb) => eb.exists(eb.selectFrom('shipping_method_countries as mc').select('mc.country_id').whereRef('mc.shipping_method_id', '=', 'm.id').where('mc.country_id', '=', countryId)));
  }
  const rows = await query.execute();
  // Each price as the cart's summary would charge it with that method chosen.
  const prices = await shippingPrices(db, cart, rows.map((row) => row.id), { culture });
  const options: MethodOption[] = [];
  for (const row of rows) {
    const cents = prices.get(row.id) ?? 0;
    const search = new URLSearchParams({
      shippingMethodId: String(row.id),
      carrierGatewayId: row.carrier,
      countryId: String(countryId ?? ''),
      city: destination.city,
      postCode: destination.postCode,
      returnUrl: res.locals.href('checkout'),
    });
    const pickup =
      row.carrier === 'static'
        ? { searchUrl: `${res.locals.href('shippings/pickuppoint/search')}?${search}`, countryCode: country?.code ?? '', chosen: chosenPickupPoint(cart, row.id) }
        : null;
    options.push({ id: row.id, name: row.name ?? row.code, price: formatMoney({ cents, currency: cart.currency }, culture), pickup });
  }
  return options;
}

interface CheckoutModel {
  values: Values;
  errors: Errors;
  formError?: string;
  summary: CartSummary | null;
  cart: Cart | null;
  /** A signed-in customer's saved addresses (null for a guest: no pickers). */
  addresses?: SavedAddress[] | null;
}

function defaultValues(req: Request, res: Response, cart: Cart | null): Values {
  const user = res.locals.user as { email: string; firstName: string; lastName: string } | null;
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

async function renderCheckout(req: Request, res: Response, model: CheckoutModel, status = 200): Promise<void> {
  const { db } = appLocals(req);
  const culture = res.locals.culture as string;
  const t = res.locals.t as TFunction;
  const countries = await countryOptions(db, culture);
  const values: Values = { ...model.values, IdempotencyKey: model.values.IdempotencyKey || randomUUID() };
  const same = values.SameAddressForShipping === 'true' || values.SameAddressForShipping === 'on';
  const firstCountry = countries.find((option) => option.value)?.value;
  const destination = idOf(String((same ? values.BillingCountry : values.ShippingCountry) || model.cart?.shippingCountryId || firstCountry || '')) ?? model.cart?.shippingCountryId ?? null;
  const prefix = same ? 'Billing' : 'Shipping';
  const where = { countryId: destination, city: values[`${prefix}City`] ?? '', postCode: values[`${prefix}PostalCode`] ?? '' };
  const methods = model.cart && model.summary?.lines.length ? await shippingMethods(res, model.cart, where) : [];
  const money = (cents: number) => formatMoney({ cents, currency: model.summary?.currency ?? 'EUR' }, culture);
  const pickers = model.addresses
    ? pickerLocals(res, { addresses: model.addresses, billingId: addressId(values.ExistingBillingAddressId) ?? 0, shippingId: addressId(values.ExistingShippingAddressId) ?? 0, flags: addressBookFlags(res) })
    : null;
  res.set('Cache-Control', 'no-store');
  await renderPage(
    req,
    res,
    'checkout/index',
    {
      title: t('Checkout.Title'),
      form: checkoutForm,
      values,
      errors: model.errors,
      formError: model.formError ? t(model.formError) : '',
      summary: model.summary,
      countries,
      methods,
      money,
      sameAddress: same,
      bank: bankTransferDetails(req.app.locals.config),
      pickers,
    },
    status,
  );
}

function addressOf(data: Data, prefix: 'Billing' | 'Shipping'): OrderAddress {
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

async function postCheckout(req: Request, res: Response): Promise<void> {
  const { db, mailer, config, localization, logger } = req.app.locals;
  const culture = res.locals.culture as string;
  const user = res.locals.user as { id: number } | null;
  const addresses = user ? await listAddresses(db, user.id, culture) : null;
  const chosen = await chosenAddresses(req, res, (req.body ?? {}) as Record<string, unknown>);
  const result = checkoutForm.validate({ ...(req.body as object), ...chosen.fields }, res.locals.t);
  const posted = result.values as Values;
  // A submit that already made its order (a retry, a double click): straight to that order.
  const key = String(posted.IdempotencyKey ?? '').trim();
  // Only for the customer or session that placed it: knowing a key shows nobody else an order.
  let foreignKey = false;
  const toKnownOrder = async (): Promise<boolean> => {
    if (!key) return false;
    const known = await db.selectFrom('orders').select(['number', 'payment_method', 'user_id', 'placed_by']).where('idempotency_key', '=', key).executeTakeFirst();
    if (!known) return false;
    if (!maySeeOrder(req, res, { number: known.number, userId: known.user_id, placedBy: known.placed_by })) {
      foreignKey = true;
      return false;
    }
    rememberPlacedOrder(req, known.number);
    seeOther(res, afterOrder(res, known.number, known.payment_method));
    return true;
  };
  if (await toKnownOrder()) return;
  const cart = await findCart(req);
  let summary = cart ? await summarizeCart(db, cart, { culture }) : null;
  if (!cart || !summary || summary.lines.length === 0) {
    // An empty cart may be the work of the same submit, committed a moment ago.
    if (await toKnownOrder()) return;
    return seeOther(res, res.locals.href('checkout'));
  }
  // Someone else's key: a fresh form (a new key), the order it made stays out of sight.
  if (foreignKey) {
    return renderCheckout(req, res, { values: { ...posted, IdempotencyKey: '' }, errors: {}, formError: 'Checkout.FormExpired', cart, summary, addresses }, 409);
  }
  if (!result.ok || Object.keys(chosen.errors).length) {
    return renderCheckout(req, res, { values: posted, errors: { ...(result.ok ? {} : (result.errors as Errors)), ...chosen.errors }, cart, summary, addresses }, 400);
  }
  const data = result.data;
  const errors: Errors = {};
  if (!/^[\w-]{8,100}$/.test(key)) errors.IdempotencyKey = res.locals.t('Checkout.FormExpired');
  // Ids are whole numbers that fit the columns (shared/ids.ts): anything else is a field message, not a query.
  const countryOf = async (field: 'BillingCountry' | 'ShippingCountry') => {
    const id = idOf(String(data[field] ?? '').trim());
    const country = id === null ? null : await findCountry(db, id);
    if (!country) errors[field] = res.locals.t(id === null && data[field] ? 'Catalog.InvalidId' : 'Checkout.UnknownCountry');
    return country;
  };
  const billingCountry = await countryOf('BillingCountry');
  const shippingCountry = data.SameAddressForShipping ? billingCountry : await countryOf('ShippingCountry');
  const methodId = idOf(String(data.ShippingMethodId ?? '').trim()) ?? 0;
  if (!methodId) errors.ShippingMethodId = res.locals.t('Catalog.InvalidId');
  if (shippingCountry && methodId) {
    const served = await db.selectFrom('shipping_method_countries').select('shipping_method_id').where('shipping_method_id', '=', methodId).where('country_id', '=', shippingCountry.id).executeTakeFirst();
    if (!served) errors.ShippingMethodId = res.locals.t('Checkout.ShippingMethodUnavailable');
  }
  // A pickup-point method needs its point chosen first (the search modal saves it on the cart).
  const method = await db.selectFrom('shipping_methods').select('carrier').where('id', '=', methodId).executeTakeFirst();
  const pickupPoint = method?.carrier === 'static' ? pickupPointFor(cart, methodId) : null;
  if (!errors.ShippingMethodId && method?.carrier === 'static') {
    if (!pickupPoint) errors.ShippingMethodId = res.locals.t('Checkout.PickupPointRequired');
    // The point must be in the country the order ships to (its id, or its ISO code when saved as such).
    else if (shippingCountry && String(pickupPoint.ShippingCountryId) !== String(shippingCountry.id) && String(pickupPoint.ShippingCountryId).toUpperCase() !== shippingCountry.code) {
      errors.ShippingMethodId = res.locals.t('Checkout.PickupPointCountry');
    }
  }
  let vat: VatCheck | null = null;
  if (billingCountry && data.BillingVAT.trim()) {
    vat = await checkVat(viesOf(req), billingCountry, data.BillingVAT);
    if (vat.status === 'malformed') errors.BillingVAT = res.locals.t('Checkout.VatFormat');
  }
  if (Object.keys(errors).length) return renderCheckout(req, res, { values: posted, errors, cart, summary, addresses }, 400);

  // The VAT number's country (billing) and the delivery country must both be EU countries other than the shop's.
  const reverseCharge = Boolean(billingCountry && shippingCountry && vat && reverseChargeApplies(billingCountry, shippingCountry, vat, data.AccountType));
  const now = Date.now();
  await db
    .updateTable('carts')
    .set({ billing_country_id: billingCountry!.id, shipping_country_id: shippingCountry!.id, shipping_method_id: methodId, vat_number: data.BillingVAT.trim() || null, updated_at: now })
    .where('id', '=', cart.id)
    .execute();
  const updated = { ...cart, billingCountryId: billingCountry!.id, shippingCountryId: shippingCountry!.id, shippingMethodId: methodId };
  summary = await summarizeCart(db, updated, { culture, reverseCharge });
  const rates = await loadRates(db);
  try {
    const placed = await placeOrder(db, {
      idempotencyKey: key,
      summary,
      email: data.Email,
      userId: user?.id ?? null,
      culture,
      paymentMethod: data.PaymentMethod === 'Card' ? 'Card' : 'BankTransfer',
      billing: addressOf(data, 'Billing'),
      shipping: addressOf(data, 'Shipping'),
      ratePpm: rates.ppm[summary.currency] ?? 1_000_000,
      vatNumber: vat?.status === 'checked' ? vat.number : '',
      // Only the point saved for the chosen method: a point left from another method is not the delivery.
      pickupPoint: pickupPoint ? JSON.stringify(pickupPoint) : null,
      cartId: cart.id,
      // A guest's browser (a customer's orders are theirs by account, not by a shared browser's cookie).
      placedBy: user ? '' : visitorKey(req),
      // The confirmation mail is queued with the order, its link to the confirmation page in this culture.
      confirmationLink: (number) => siteUrl(config, `/${culture}/orders/confirmation/${number}`),
      now,
    });
    if (!placed.created) {
      // A parallel submit of the same key made it: the order is shown only to whoever placed it.
      const known = await findOrderById(db, placed.orderId);
      if (!known || !maySeeOrder(req, res, known)) {
        const fresh = await summarizeCart(db, updated, { culture });
        return renderCheckout(req, res, { values: { ...posted, IdempotencyKey: '' }, errors: {}, formError: 'Checkout.FormExpired', cart: updated, summary: fresh, addresses }, 409);
      }
    }
    rememberPlacedOrder(req, placed.number);
    if (placed.created) {
      // The mail was queued with the order; it goes out now, after the commit (never inside it). A failure
      // does not undo the order: the sweep (server/main.ts) retries it.
      void sendDueOrderMails({ db, mailer, localization, config, logger }, Date.now(), { orderId: placed.orderId }).catch((error: unknown) =>
        logger.error({ err: error, order: placed.number }, 'order confirmation mail failed'),
      );
    }
    return seeOther(res, afterOrder(res, placed.number, data.PaymentMethod));
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    const formError = orderErrorMessage[error.code];
    // A new key: the refused submit made nothing, the next one is a new attempt.
    const fresh = await summarizeCart(db, updated, { culture, reverseCharge });
    return renderCheckout(req, res, { values: { ...posted, IdempotencyKey: '' }, errors: {}, formError, cart: updated, summary: fresh, addresses }, 409);
  }
}

/**
 * The saved addresses a signed-in customer chose (ExistingBillingAddressId / ExistingShippingAddressId):
 * their fields replace the posted Billing* / Shipping* ones (without JS nothing filled them in). An id that
 * is not one of the customer's own addresses is a field message; a guest's ids are ignored.
 */
async function chosenAddresses(req: Request, res: Response, body: Record<string, unknown>): Promise<{ fields: Record<string, string>; errors: Errors }> {
  const user = res.locals.user as { id: number } | null;
  const fields: Record<string, string> = {};
  const errors: Errors = {};
  if (!user) return { fields: { ExistingBillingAddressId: '', ExistingShippingAddressId: '' }, errors };
  const t = res.locals.t as TFunction;
  for (const use of ['Billing', 'Shipping'] as const) {
    const name = `Existing${use}AddressId` as const;
    const id = addressId(body[name]);
    if (id === 0) continue;
    // "Ship to the billing address" ticked: the shipping picker does not count.
    if (use === 'Shipping' && ['true', 'on'].includes(String([body.SameAddressForShipping].flat().pop() ?? ''))) continue;
    const own = id === null ? null : await ownAddress(req.app.locals.db, user.id, id, res.locals.culture as string);
    if (!own?.found || (use === 'Billing' ? own.address.type === 'Shipping' : own.address.type === 'Billing')) {
      errors[name] = t('Checkout.Addresses.NotYours');
      continue;
    }
    Object.assign(fields, addressFields(own.address, use));
    if (use === 'Shipping') fields.SameAddressForShipping = 'false';
  }
  return { fields, errors };
}

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

function afterOrder(res: Response, number: string, paymentMethod: string): string {
  const href = res.locals.href as (path: string) => string;
  return paymentMethod === 'Card' ? href(`payments?order=${encodeURIComponent(number)}`) : href(`orders/confirmation/${number}`);
}

/** {app}/api/v1/sales/customers/checkisvatvalid/?countryId&VAT&customerId */
async function checkIsVatValid(req: Request, res: Response): Promise<void> {
  const { db } = appLocals(req);
  const t = res.locals.t as TFunction;
  const countryId = idOf(String(firstText(req.query.countryId) ?? '').trim());
  const value = typeof req.query.VAT === 'string' ? req.query.VAT.trim() : '';
  const country = countryId === null ? null : await findCountry(db, countryId);
  if (!country) throw new BadInput({ countryId: t(countryId === null && req.query.countryId ? 'Catalog.InvalidId' : 'Checkout.UnknownCountry') });
  if (!value) throw new BadInput({ VAT: t('Validation.required') });
  const check = await checkVat(viesOf(req), country, value);
  res.set('Cache-Control', 'no-store');
  if (check.status === 'malformed') {
    const message = t('Checkout.VatFormat');
    res.status(400).json({ IsVATValidWebService: false, ErrorMessage: message, Message: message, Errors: [{ Field: 'VAT', Message: message }] });
    return;
  }
  const message = check.valid === false ? t('Checkout.VatNotValid') : check.valid === null ? t('Checkout.VatUnverified') : '';
  res.json({ IsVATValidWebService: check.valid, ErrorMessage: message });
}

/** PUT {app}/api/v1/salestaxes/currentcountry {currentCountry}: the country whose VAT the cart charges. */
async function setCurrentCountry(req: Request, res: Response): Promise<void> {
  const { db } = appLocals(req);
  const t = res.locals.t as TFunction;
  const raw = String((req.body as Record<string, unknown> | undefined)?.currentCountry ?? '').trim();
  const id = idOf(raw);
  if (/^\d/.test(raw) && id === null) throw new BadInput({ currentCountry: t('Catalog.InvalidId') });
  const row = id !== null
    ? await db.selectFrom('countries').select(['id', 'code', 'vat_rate_bp', 'is_eu']).where('id', '=', id).executeTakeFirst()
    : /^[A-Za-z]{2}$/.test(raw)
      ? await db.selectFrom('countries').select(['id', 'code', 'vat_rate_bp', 'is_eu']).where('code', '=', raw.toUpperCase()).executeTakeFirst()
      : undefined;
  if (!row) throw new BadInput({ currentCountry: t('Checkout.UnknownCountry') });
  const cart = await ensureCart(req, res);
  await db.updateTable('carts').set({ shipping_country_id: row.id, updated_at: Date.now() }).where('id', '=', cart.id).execute();
  res.set('Cache-Control', 'no-store').json({ currentCountry: row.id, CountryCode: row.code, VatRate: row.vat_rate_bp / 100, IsEu: toBoolean(row.is_eu) });
}


/** The one-step checkout, the VAT check and the current country. */
export function siteRoutes(): Router {
  const router = Router();
  router.get('/api/v1/sales/customers/checkisvatvalid', checkIsVatValid);
  router.put('/api/v1/salestaxes/currentcountry', setCurrentCountry);
  router.use(deliveryAddressPickerWidget());
  return router;
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/checkout', async (req, res) => {
    const { db } = appLocals(req);
    const culture = res.locals.culture as string;
    const cart = await findCart(req);
    const summary = cart ? await summarizeCart(db, cart, { culture }) : null;
    const values = defaultValues(req, res, cart);
    const user = res.locals.user as { id: number } | null;
    let addresses: SavedAddress[] | null = null;
    if (user) {
      // The saved addresses asked for (after the popup saved one), else the first that serves.
      addresses = await listAddresses(db, user.id, culture);
      const asked = (name: string) => (req.query[name] === undefined ? null : addressId(req.query[name]));
      const billing = defaultChoice(addresses, 'Billing', asked('ExistingBillingAddressId'));
      const shipping = defaultChoice(addresses, 'Shipping', asked('ExistingShippingAddressId'));
      values.ExistingBillingAddressId = String(billing);
      values.ExistingShippingAddressId = String(shipping);
      const find = (id: number) => addresses!.find((a) => a.id === id);
      if (billing) Object.assign(values, addressFields(find(billing)!, 'Billing'));
      if (shipping && shipping !== billing) Object.assign(values, addressFields(find(shipping)!, 'Shipping'), { SameAddressForShipping: 'false' });
    }
    await renderCheckout(req, res, { values, errors: {}, cart, summary, addresses });
  });
  router.use(addressCultureRoutes());
  router.post('/checkout', postCheckout);
  return router;
}
