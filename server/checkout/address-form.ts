// The address form of the address book: its fields, the checks of a posted address (shared by the
// checkout's address popup and the account's address book) and the popup's save. The table's reads and
// writes are in server/account-pages/address-book.ts.
import { isPostalCode } from '../../common/validation-rules';
import type { TFunction } from 'i18next';
import type { Db } from '../db';
import { defineForm, field, type FormResult } from '../forms';
import { Forbidden, NotFound } from '../http/errors';
import { idOf } from '../shared/ids';
import { type AddressRow, createAddress, ownAddress, type SavedAddress, updateAddress } from '../account-pages/address-book';
import type { AccountType, AddressType } from '../orders/tables';
import type { AddressBookFlags } from './address-picker';
import { billingFields } from './form';
import { findCountry, vatFormatValid } from './vat';

export const addressTypes = ['Billing', 'Shipping', 'Both'] as const;

/** The spec's address form: Id (0 = new), AddressType, the checkout's current choices, the Billing* fields. */
export const addressForm = defineForm('address', {
  Id: field.hidden(),
  AddressType: field.select(addressTypes.map((value) => ({ value, label: `Checkout.Addresses.Types.${value}` }))).required(),
  ExistingBillingAddressId: field.hidden(),
  ExistingShippingAddressId: field.hidden(),
  ...billingFields(),
});

/** The posted values of the address form (strings as typed, to show the form again) and its field messages. */
export type AddressValues = Partial<Record<keyof typeof addressForm.fields, string>>;

export type CheckedAddress = { ok: true; row: AddressRow } | { ok: false; values: AddressValues; errors: AddressValues };

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

/**
 * Checks a validated address form further (a known country, the postal code's and the VAT number's national formats): the row
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
  if (country && !errors.BillingPostalCode && !isPostalCode(country.code, values.BillingPostalCode ?? '')) errors.BillingPostalCode = t('Validation.PostalCode');
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

/** The customer's own address with this id: Forbidden when it is another customer's, NotFound when there is none. */
export async function requireOwnAddress(db: Db, { userId, id, culture }: { userId: number; id: number; culture: string }): Promise<SavedAddress> {
  const own = await ownAddress(db, userId, id, culture);
  if (own.found) return own.address;
  throw own.status === 403 ? new Forbidden() : new NotFound();
}

export type PostedAddress = { ok: true; id: number; type: AddressType; values: AddressValues } | { ok: false; values: AddressValues; errors: AddressValues };

/** Checks and saves the popup's posted address (Id 0: a new one) in the customer's book. */
export async function savePostedAddress(db: Db, { userId, flags, body, t, culture }: { userId: number; flags: AddressBookFlags; body: unknown; t: TFunction; culture: string }): Promise<PostedAddress> {
  const result = addressForm.validate(body, t);
  const values = result.values as AddressValues;
  const id = addressId(values.Id);
  // The owner check first: another customer's address is refused whatever the fields say.
  if (id) {
    if (!flags.hasEdit) throw new Forbidden();
    await requireOwnAddress(db, { userId, id, culture });
  } else if (id === 0 && !flags.hasCreation) throw new Forbidden();
  const checked = await checkAddressInput(db, result, t, id === null ? { Id: t('Validation.integer') } : {});
  if (!checked.ok) return checked;
  if (id) await updateAddress(db, { userId, id, row: checked.row });
  const savedId = id || (await createAddress(db, { userId, row: checked.row }));
  return { ok: true, id: savedId, type: checked.row.type, values };
}

/** The checkout's choices after a save: the saved address where its type serves, the carried choice elsewhere. */
export function choiceAfterSave(values: AddressValues, saved: { id: number; type: AddressType }): { ExistingBillingAddressId?: string; ExistingShippingAddressId?: string } {
  return {
    ExistingBillingAddressId: saved.type === 'Shipping' ? values.ExistingBillingAddressId : String(saved.id),
    ExistingShippingAddressId: saved.type === 'Billing' ? values.ExistingShippingAddressId : String(saved.id),
  };
}
