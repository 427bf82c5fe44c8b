import type { Request } from 'express';
import type { Db } from '../db';
import { type Country, countryOptions, findCountry as findCountryWhere } from '../shipping/data';
import { cachedVies, httpVies, type ViesClient } from './vies';

/** The shop's own country: a valid EU VAT number from another EU country gets the reverse charge. */
export const shopCountryCode = 'FR';

/** National VAT number formats (without the country prefix), EU countries the shop serves and a few more. */
const formats: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** Upper case without spaces, dots or dashes, and without the country prefix when it was typed. */
export function normaliseVat(countryCode: string, value: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-]/g, '');
  const prefix = countryCode === 'GR' ? /^(EL|GR)/ : new RegExp(`^${countryCode}`);
  return compact.replace(prefix, '');
}

/** Whether a VAT number has its country's format (other countries: 4 to 14 letters and digits). */
export function vatFormatValid(countryCode: string, value: string): boolean {
  const number = normaliseVat(countryCode, value);
  return (formats[countryCode] ?? /^[0-9A-Z]{4,14}$/).test(number);
}

/** What the VAT rules need of a country (server/shipping owns the countries). */
export type VatCountry = Pick<Country, 'id' | 'code' | 'isEu'>;

// Kept for the address book and the address popup, which import them from here (server/shipping/data.ts is their home).
export { countryOptions };
export const findCountry = (db: Db, id: number): Promise<Country | null> => findCountryWhere(db, { id });

const defaultVies = new WeakMap<object, ViesClient>();

/** The VIES client of this app: app.locals.vies when set (tests, offline), else the real service, cached. */
export function viesOf(req: Request): ViesClient {
  const locals = req.app.locals as { vies?: ViesClient };
  if (locals.vies) return locals.vies;
  let client = defaultVies.get(req.app);
  if (!client) {
    client = cachedVies(httpVies());
    defaultVies.set(req.app, client);
  }
  return client;
}

export type VatCheck = { status: 'malformed' } | { status: 'checked'; valid: boolean | null; number: string };

/** Format first (malformed: no call), then VIES for EU countries; outside the EU nothing can confirm it (null). */
export async function checkVat(vies: ViesClient, country: VatCountry, value: string): Promise<VatCheck> {
  if (!vatFormatValid(country.code, value)) return { status: 'malformed' };
  const number = normaliseVat(country.code, value);
  if (!country.isEu) return { status: 'checked', valid: null, number };
  return { status: 'checked', valid: await vies.check(country.code, number), number };
}

const otherEu = (country: VatCountry) => country.isEu && country.code !== shopCountryCode;

/**
 * The reverse charge: a company with a VIES-confirmed VAT number of an EU country other than the shop's
 * (the billing country), delivered to an EU country other than the shop's. Delivered in the shop's country
 * (or outside the EU) it is not an intra-EU supply: the delivery country's VAT stands.
 */
export function reverseChargeApplies(billing: VatCountry, delivery: VatCountry, check: VatCheck, accountType: string): boolean {
  return accountType === 'Company' && otherEu(billing) && otherEu(delivery) && check.status === 'checked' && check.valid === true;
}
