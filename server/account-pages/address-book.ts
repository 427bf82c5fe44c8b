// The address book's data for the account pages: a posted address checked with the checkout's own
// declaration (addressForm) and checks (a known country, the VAT number's national format), and the
// writes, every one scoped to its owner so another customer's id changes nothing.
import type { TFunction } from 'i18next';
import { idOf } from '../catalog/ids';
import { addressForm } from '../checkout/addresses';
import { findCountry, vatFormatValid } from '../checkout/vat';
import type { Db } from '../db';
import type { AccountType, AddressType } from '../orders/tables';

/** The posted values (strings as typed, to show the form again) and their field messages. */
export type AddressValues = Partial<Record<keyof typeof addressForm.fields, string>>;

/** What the addresses table holds of an address besides its owner and timestamps. */
export interface AddressRow {
  type: AddressType;
  account_type: AccountType;
  first_name: string;
  last_name: string;
  company: string;
  street1: string;
  street2: string;
  postal_code: string;
  city: string;
  country_id: number;
  phone: string;
  vat_number: string;
}

export type CheckedAddress = { ok: true; row: AddressRow } | { ok: false; values: AddressValues; errors: AddressValues };

/** Validates a posted address as the address popup does; the row to save, or the form's messages. */
export async function checkAddress(db: Db, body: unknown, t: TFunction): Promise<CheckedAddress> {
  const result = addressForm.validate(body, t);
  const values = result.values as AddressValues;
  const errors: AddressValues = result.ok ? {} : { ...(result.errors as AddressValues) };
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

/** Saves a new address in the customer's book; answers its id. */
export async function createAddress(db: Db, { userId, row, now = Date.now() }: { userId: number; row: AddressRow; now?: number }): Promise<number> {
  const inserted = await db.insertInto('addresses').values({ ...row, user_id: userId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes one of the customer's addresses; false when they have none with this id. */
export async function updateAddress(db: Db, { userId, id, row, now = Date.now() }: { userId: number; id: number; row: AddressRow; now?: number }): Promise<boolean> {
  const result = await db.updateTable('addresses').set({ ...row, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes one of the customer's addresses; false when they have none with this id. Orders keep their
 * own copy of an address, and a checkout naming a deleted one falls back to another (server/checkout).
 */
export async function deleteAddress(db: Db, { userId, id }: { userId: number; id: number }): Promise<boolean> {
  const result = await db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The country select's options in the culture: a "choose" prompt, then every country in shop order. */
export async function countryOptions(db: Db, culture: string): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .selectFrom('countries as c')
    .leftJoin('country_translations as ct', (join) => join.onRef('ct.country_id', '=', 'c.id').on('ct.culture', '=', culture))
    .select(['c.id', 'c.code', 'ct.name'])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  return [{ value: '', label: 'Checkout.ChooseCountry' }, ...rows.map((row) => ({ value: String(row.id), label: row.name ?? row.code }))];
}
