// The address book of signed-in customers: the address popup form ({app}/{culture}/checkout/address, a
// page without JS, a modal body with JS), the pickers widget ({app}/widget/DeliveryAddressPicker,
// refetched after a save), the saved addresses the checkout fills its fields from and the checks of a
// posted address that the account's address book (server/account-pages) shares.
import { appLocals } from '../http/locals';
import { type Request, type Response, Router } from 'express';
import type { TFunction } from 'i18next';
import { currentUser } from '../accounts/current-user';
import type { Db } from '../db';
import { defineForm, field, type FormResult } from '../forms';
import { BadInput, Forbidden, NotFound, Unauthorized } from '../http/errors';
import { seeOther, setFlash, wantsJson } from '../http/forms';
import { isHtmxRequest, renderFile, renderPage, viewsDir } from '../http/render';
import path from 'node:path';
import { idOf } from '../shared/ids';
import { billingFields } from './form';
import { countryOptions, findCountry, vatFormatValid } from './vat';
import type { OrderAddress } from '../orders/orders';
import type { AccountType, AddressType, OrderTables } from '../orders/tables';

export const addressTypes = ['Billing', 'Shipping', 'Both'] as const;

/** The spec's address form: Id (0 = new), AddressType, the checkout's current choices, the Billing* fields. */
export const addressForm = defineForm('address', {
  Id: field.hidden(),
  AddressType: field.select(addressTypes.map((value) => ({ value, label: `Checkout.Addresses.Types.${value}` }))).required(),
  ExistingBillingAddressId: field.hidden(),
  ExistingShippingAddressId: field.hidden(),
  ...billingFields(),
});

/** An address of the book: the fields an order keeps of an address (OrderAddress), with its id, its use and its country's name. */
export interface SavedAddress extends OrderAddress {
  id: number;
  type: AddressType;
  countryName: string;
}

/** The page's address-book flags (has-creation, has-edit): a signed-in customer may do both. */
export interface AddressBookFlags {
  hasCreation: boolean;
  hasEdit: boolean;
}

export function addressBookFlags(res: Response): AddressBookFlags {
  const signedIn = Boolean(currentUser(res));
  return { hasCreation: signedIn, hasEdit: signedIn };
}

export async function listAddresses(db: Db, userId: number, culture: string): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom('addresses as a')
    .leftJoin('country_translations as ct', (join) => join.onRef('ct.country_id', '=', 'a.country_id').on('ct.culture', '=', culture))
    .selectAll('a')
    .select('ct.name as country_name')
    .where('a.user_id', '=', userId)
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    accountType: row.account_type,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    street1: row.street1,
    street2: row.street2,
    postalCode: row.postal_code,
    city: row.city,
    countryId: row.country_id,
    countryName: row.country_name ?? '',
    phone: row.phone,
    vatNumber: row.vat_number,
  }));
}

/** Whether an address of this type serves as a billing / shipping address. */
export function serves(address: { type: AddressType }, use: 'Billing' | 'Shipping'): boolean {
  return address.type === 'Both' || address.type === use;
}

export type OwnAddress = { found: true; address: SavedAddress } | { found: false; status: 403 | 404 };

/** A customer's own address: 404 when there is none with this id, 403 when it is another customer's. */
export async function ownAddress(db: Db, userId: number, id: number, culture: string): Promise<OwnAddress> {
  const owner = await db.selectFrom('addresses').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!owner) return { found: false, status: 404 };
  if (owner.user_id !== userId) return { found: false, status: 403 };
  const address = (await listAddresses(db, userId, culture)).find((a) => a.id === id);
  return address ? { found: true, address } : { found: false, status: 404 };
}

/** The checkout's Billing* / Shipping* fields of a saved address (what the page would post). */
export function addressFields(address: SavedAddress, prefix: 'Billing' | 'Shipping'): Record<string, string> {
  const fields: Record<string, string> = {
    [`${prefix}FirstName`]: address.firstName,
    [`${prefix}LastName`]: address.lastName,
    [`${prefix}Street1`]: address.street1,
    [`${prefix}Street2`]: address.street2,
    [`${prefix}PostalCode`]: address.postalCode,
    [`${prefix}City`]: address.city,
    [`${prefix}Country`]: String(address.countryId),
    [`${prefix}Phone`]: address.phone,
  };
  if (prefix === 'Billing') {
    fields.BillingCompany = address.company;
    fields.BillingVAT = address.vatNumber;
    fields.AccountType = address.accountType;
  }
  return fields;
}

/** A positive integer id, 0 for none/new, or null when malformed. */
export function addressId(value: unknown): number | null {
  const raw = String(value ?? '').trim();
  if (raw === '' || raw === '0') return 0;
  return idOf(raw);
}

interface PickerModel {
  addresses: SavedAddress[];
  billingId: number;
  shippingId: number;
  flags: AddressBookFlags;
}

/** The href of the address popup for an address (0: a new one), carrying the checkout's current choices. */
function popupHref(res: Response, id: number, type: AddressType, model: { billingId: number; shippingId: number }): string {
  const query = new URLSearchParams({ Id: String(id), AddressType: type, ExistingBillingAddressId: String(model.billingId), ExistingShippingAddressId: String(model.shippingId) });
  return (res.locals.href as (p: string) => string)(`checkout/address?${query}`);
}

/** The pickers' HTML (views/partials/checkout/address-picker.ejs): the checkout page includes the same file. */
export function pickerLocals(res: Response, model: PickerModel) {
  return { ...model, popupHref: (id: number, type: AddressType) => popupHref(res, id, type, model), serves };
}

export function renderPickers(req: Request, res: Response, model: PickerModel): Promise<string> {
  return renderFile(req, path.join(viewsDir, 'partials', 'checkout', 'address-picker.ejs'), { ...res.locals, ...pickerLocals(res, model) });
}

/** The selected saved addresses of the checkout: the asked ones when they serve, else the first that does (or 0). */
export function defaultChoice(addresses: SavedAddress[], use: 'Billing' | 'Shipping', asked: number | null): number {
  if (asked !== null && addresses.some((a) => a.id === asked && serves(a, use))) return asked;
  if (asked === 0) return 0;
  return addresses.find((a) => serves(a, use))?.id ?? 0;
}

/** The posted values of the address form (strings as typed, to show the form again) and its field messages. */
export type AddressValues = Partial<Record<keyof typeof addressForm.fields, string>>;

/** What the addresses table holds of an address besides its id, owner and timestamps. */
export type AddressRow = Omit<OrderTables['addresses'], 'id' | 'user_id' | 'created_at' | 'updated_at'>;

export type CheckedAddress = { ok: true; row: AddressRow } | { ok: false; values: AddressValues; errors: AddressValues };

/**
 * Checks a validated address form further (a known country, the VAT number's national format): the row
 * to save, or the form's values and messages. callerErrors: the caller's own messages (the popup's
 * malformed Id), listed after the form's and before these.
 */
export async function checkAddressInput(db: Db, result: FormResult<typeof addressForm.fields>, t: TFunction, callerErrors: AddressValues = {}): Promise<CheckedAddress> {
  const values = result.values as AddressValues;
  const errors: AddressValues = { ...(result.ok ? {} : result.errors), ...callerErrors };
  const countryId = idOf(String(values.BillingCountry ?? '').trim());
  const country = countryId === null ? null : await findCountry(db, countryId);
  if (!country && !errors.BillingCountry) errors.BillingCountry = t('Checkout.UnknownCountry');
  const vat = (values.BillingVAT ?? '').trim();
  if (country && vat && !errors.BillingVAT && !vatFormatValid(country.code, vat)) errors.BillingVAT = t('Checkout.VatFormat');
  if (!result.ok || !country || Object.keys(errors).length) return { ok: false, values, errors };
  const data = result.data;
  return {
    ok: true,
    row: {
      type: data.AddressType as AddressType,
      account_type: data.AccountType as AccountType,
      first_name: data.BillingFirstName.trim(),
      last_name: data.BillingLastName.trim(),
      company: data.AccountType === 'Company' ? data.BillingCompany.trim() : '',
      street1: data.BillingStreet1.trim(),
      street2: data.BillingStreet2.trim(),
      postal_code: data.BillingPostalCode.trim(),
      city: data.BillingCity.trim(),
      country_id: country.id,
      phone: data.BillingPhone.trim(),
      vat_number: vat,
    },
  };
}

async function renderPopup(req: Request, res: Response, values: AddressValues, errors: AddressValues, status = 200): Promise<void> {
  const t = res.locals.t as TFunction;
  const isNew = !values.Id || values.Id === '0';
  res.set('Cache-Control', 'no-store');
  await renderPage(
    req,
    res,
    'checkout/address',
    { title: t(isNew ? 'Checkout.Addresses.NewTitle' : 'Checkout.Addresses.EditTitle'), form: addressForm, values, errors, countries: await countryOptions(req.app.locals.db, res.locals.culture as string), backHref: checkoutHref(res, values) },
    status,
  );
}

function checkoutHref(res: Response, values: AddressValues): string {
  const query = new URLSearchParams();
  for (const name of ['ExistingBillingAddressId', 'ExistingShippingAddressId'] as const) {
    const id = addressId(values[name]);
    if (id !== null && values[name] !== undefined && values[name] !== '') query.set(name, String(id));
  }
  const search = query.toString();
  return (res.locals.href as (p: string) => string)(`checkout${search ? `?${search}` : ''}`);
}

function signedInUser(res: Response): { id: number } {
  const user = currentUser(res);
  if (!user) throw new Unauthorized();
  return user;
}

async function requireOwn(db: Db, userId: number, id: number, culture: string): Promise<SavedAddress> {
  const own = await ownAddress(db, userId, id, culture);
  if (own.found) return own.address;
  throw own.status === 403 ? new Forbidden() : new NotFound();
}

async function getPopup(req: Request, res: Response): Promise<void> {
  const user = signedInUser(res);
  const { db } = appLocals(req);
  const culture = res.locals.culture as string;
  const id = addressId(req.query.Id);
  if (id === null) throw new BadInput({ Id: 'Validation.integer' });
  const flags = addressBookFlags(res);
  const type = addressTypes.find((value) => value === req.query.AddressType) ?? 'Both';
  const carried = { ExistingBillingAddressId: String(req.query.ExistingBillingAddressId ?? ''), ExistingShippingAddressId: String(req.query.ExistingShippingAddressId ?? '') };
  if (id === 0) {
    if (!flags.hasCreation) throw new Forbidden();
    const own = currentUser(res)!;
    return renderPopup(req, res, { Id: '0', AddressType: type, AccountType: 'Private', BillingFirstName: own.firstName, BillingLastName: own.lastName, ...carried }, {});
  }
  if (!flags.hasEdit) throw new Forbidden();
  const address = await requireOwn(db, user.id, id, culture);
  return renderPopup(req, res, { Id: String(id), AddressType: address.type, ...addressFields(address, 'Billing'), ...carried }, {});
}

async function postPopup(req: Request, res: Response): Promise<void> {
  const user = signedInUser(res);
  const { db } = appLocals(req);
  const t = res.locals.t as TFunction;
  const culture = res.locals.culture as string;
  const flags = addressBookFlags(res);
  const result = addressForm.validate(req.body, t);
  const values = result.values as AddressValues;
  const id = addressId(values.Id);
  // The owner check first: another customer's address is refused whatever the fields say.
  if (id) {
    if (!flags.hasEdit) throw new Forbidden();
    await requireOwn(db, user.id, id, culture);
  } else if (id === 0 && !flags.hasCreation) throw new Forbidden();
  const checked = await checkAddressInput(db, result, t, id === null ? { Id: t('Validation.integer') } : {});
  if (!checked.ok) {
    // A script gets the API's 400 body from the error chain; htmx (the modal) gets the form again with its messages.
    if (wantsJson(req) && !isHtmxRequest(req)) throw new BadInput(checked.errors as Record<string, string>);
    return renderPopup(req, res, values, checked.errors, 400);
  }
  const now = Date.now();
  const row = { ...checked.row, updated_at: now };
  let savedId: number;
  if (id) {
    await db.updateTable('addresses').set(row).where('id', '=', id).where('user_id', '=', user.id).execute();
    savedId = id;
  } else {
    savedId = (await db.insertInto('addresses').values({ ...row, user_id: user.id, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  }
  // The checkout selects the saved address where its type serves.
  const choice = {
    ExistingBillingAddressId: row.type === 'Shipping' ? values.ExistingBillingAddressId : String(savedId),
    ExistingShippingAddressId: row.type === 'Billing' ? values.ExistingShippingAddressId : String(savedId),
  };
  if (isHtmxRequest(req) || wantsJson(req)) {
    res.set('Cache-Control', 'no-store').json({ Id: savedId, AddressType: row.type, ...choice });
    return;
  }
  setFlash(req, 'success', 'Checkout.Addresses.Saved');
  seeOther(res, checkoutHref(res, choice));
}

/** GET {app}/widget/DeliveryAddressPicker?ExistingBillingAddressId&ExistingShippingAddressId&hasCreation&hasEdit */
async function getPickerWidget(req: Request, res: Response): Promise<void> {
  const user = signedInUser(res);
  const { db } = appLocals(req);
  const billing = addressId(req.query.ExistingBillingAddressId);
  const shipping = addressId(req.query.ExistingShippingAddressId);
  const bad: Record<string, string> = {};
  if (billing === null) bad.ExistingBillingAddressId = 'Validation.integer';
  if (shipping === null) bad.ExistingShippingAddressId = 'Validation.integer';
  if (Object.keys(bad).length) throw new BadInput(bad);
  const addresses = await listAddresses(db, user.id, res.locals.culture as string);
  const allowed = addressBookFlags(res);
  const flags = { hasCreation: allowed.hasCreation && req.query.hasCreation !== 'false', hasEdit: allowed.hasEdit && req.query.hasEdit !== 'false' };
  const html = await renderPickers(req, res, {
    addresses,
    billingId: defaultChoice(addresses, 'Billing', req.query.ExistingBillingAddressId === undefined ? null : billing),
    shippingId: defaultChoice(addresses, 'Shipping', req.query.ExistingShippingAddressId === undefined ? null : shipping),
    flags,
  });
  res.set('Cache-Control', 'no-store').vary('HX-Request').type('html').send(html);
}

export function addressSiteRoutes(): Router {
  const router = Router();
  router.get('/widget/DeliveryAddressPicker', getPickerWidget);
  return router;
}

export function addressCultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/checkout/address', getPopup);
  router.post('/checkout/address', postPopup);
  return router;
}
