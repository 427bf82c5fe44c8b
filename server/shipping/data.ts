import type { Db } from '../db';
import { toBoolean } from '../db/normalise';

/**
 * The shipping feature's one data module: countries, shipping methods and cities (reference tables that
 * the cart, the checkout, the pickup search, payments and the staff screens read). Nothing here writes.
 */

export interface Country {
  id: number;
  code: string;
  isEu: boolean;
  /** The country's VAT rate in basis points (2000 = 20 %). */
  vatRateBp: number;
}

const countryColumns = ['id', 'code', 'is_eu', 'vat_rate_bp'] as const;
type CountryRow = { id: number; code: string; is_eu: number; vat_rate_bp: number };
const countryOf = (row: CountryRow): Country => ({ id: row.id, code: row.code, isEu: toBoolean(row.is_eu), vatRateBp: row.vat_rate_bp });

/** A country by its id or its ISO code (any case), or null. */
export async function findCountry(db: Db, where: { id: number } | { code: string }): Promise<Country | null> {
  const query = db.selectFrom('countries').select(countryColumns);
  const row = await ('id' in where ? query.where('id', '=', where.id) : query.where('code', '=', where.code.toUpperCase())).executeTakeFirst();
  return row ? countryOf(row) : null;
}

/** The shop's first country (by position): whose VAT a cart without any country charges. */
export async function firstCountry(db: Db): Promise<Country | null> {
  const row = await db.selectFrom('countries').select(countryColumns).orderBy('position').orderBy('id').limit(1).executeTakeFirst();
  return row ? countryOf(row) : null;
}

/** Every country with its name in the culture (its code when untranslated), in the shop's order. */
export async function listCountries(db: Db, { culture }: { culture: string }): Promise<(Country & { name: string })[]> {
  const rows = await db
    .selectFrom('countries as c')
    .leftJoin('country_translations as ct', (join) => join.onRef('ct.country_id', '=', 'c.id').on('ct.culture', '=', culture))
    .select(['c.id', 'c.code', 'c.is_eu', 'c.vat_rate_bp', 'ct.name'])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ ...countryOf(row), name: row.name ?? row.code }));
}

/** The countries as a select's options (id, name in the culture), in the shop's order, after a "choose a country" one (value ''). */
export async function countryOptions(db: Db, culture: string): Promise<{ value: string; label: string }[]> {
  const countries = await listCountries(db, { culture });
  return [{ value: '', label: 'Checkout.ChooseCountry' }, ...countries.map((country) => ({ value: String(country.id), label: country.name }))];
}

/** The names of countries (an order's addresses keep only the id), in the culture, else their codes. */
export async function countryNames(db: Db, { ids, culture }: { ids: number[]; culture: string }): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('countries as c')
    .leftJoin('country_translations as ct', (join) => join.onRef('ct.country_id', '=', 'c.id').on('ct.culture', '=', culture))
    .select(['c.id', 'c.code', 'ct.name'])
    .where('c.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name ?? row.code]));
}

export interface ShippingMethod {
  id: number;
  code: string;
  carrier: 'none' | 'static';
  /** The tariff: its tax-incl price, in its own currency, free from a tax-incl subtotal (null: never free). */
  priceInclCents: number;
  currency: string;
  freeFromCents: number | null;
}

const methodColumns = ['m.id', 'm.code', 'm.carrier', 'm.price_incl_cents', 'm.currency', 'm.free_from_cents'] as const;
type MethodRow = { id: number; code: string; carrier: 'none' | 'static'; price_incl_cents: number; currency: string; free_from_cents: number | null };
const methodOf = (row: MethodRow): ShippingMethod => ({
  id: row.id,
  code: row.code,
  carrier: row.carrier,
  priceInclCents: row.price_incl_cents,
  currency: row.currency,
  freeFromCents: row.free_from_cents,
});

/** A shipping method by id, or null. */
export async function findShippingMethod(db: Db, { methodId }: { methodId: number }): Promise<ShippingMethod | null> {
  const row = await db.selectFrom('shipping_methods as m').select(methodColumns).where('m.id', '=', methodId).executeTakeFirst();
  return row ? methodOf(row) : null;
}

/** The shipping methods of these ids (in no particular order). */
export async function findShippingMethods(db: Db, { methodIds }: { methodIds: number[] }): Promise<ShippingMethod[]> {
  if (methodIds.length === 0) return [];
  const rows = await db.selectFrom('shipping_methods as m').select(methodColumns).where('m.id', 'in', methodIds).execute();
  return rows.map(methodOf);
}

/** shipping_methods (as m) in the shop's order: those that ship to the country when one is given, else all of them. */
function methodsShippingTo(db: Db, countryId: number | null) {
  const query = db.selectFrom('shipping_methods as m').orderBy('m.position').orderBy('m.id');
  if (countryId === null) return query;
  return query.where((eb) => eb.exists(eb.selectFrom('shipping_method_countries as mc').select('mc.country_id').whereRef('mc.shipping_method_id', '=', 'm.id').where('mc.country_id', '=', countryId)));
}

/** The shipping methods with their names in the culture (their codes when untranslated): those that ship to the country when one is given. */
export async function listShippingMethods(db: Db, { culture, countryId = null }: { culture: string; countryId?: number | null }): Promise<(ShippingMethod & { name: string })[]> {
  const rows = await methodsShippingTo(db, countryId)
    .leftJoin('shipping_method_translations as mt', (join) => join.onRef('mt.shipping_method_id', '=', 'm.id').on('mt.culture', '=', culture))
    .select([...methodColumns, 'mt.name'])
    .execute();
  return rows.map((row) => ({ ...methodOf(row), name: row.name ?? row.code }));
}

/** The ids of the methods that ship to a country, in the shop's order. */
export async function shippingMethodIdsFor(db: Db, { countryId }: { countryId: number }): Promise<number[]> {
  const rows = await methodsShippingTo(db, countryId).select('m.id').execute();
  return rows.map((row) => row.id);
}

/** Whether a shipping method ships to a country. */
export async function methodShipsTo(db: Db, { methodId, countryId }: { methodId: number; countryId: number }): Promise<boolean> {
  return (await shippingMethodIdsFor(db, { countryId })).includes(methodId);
}

/** The name of a shipping method in the culture (its code when untranslated), or null. */
export async function shippingMethodName(db: Db, { methodId, culture }: { methodId: number | null; culture: string }): Promise<string | null> {
  if (methodId === null) return null;
  const row = await db
    .selectFrom('shipping_methods as m')
    .leftJoin('shipping_method_translations as mt', (join) => join.onRef('mt.shipping_method_id', '=', 'm.id').on('mt.culture', '=', culture))
    .select(['m.code', 'mt.name'])
    .where('m.id', '=', methodId)
    .executeTakeFirst();
  return row ? (row.name ?? row.code) : null;
}

export interface City {
  id: number;
  countryId: number;
  name: string;
  postalCode: string;
}

/** A city by id, or null. */
export async function findCity(db: Db, { cityId }: { cityId: number }): Promise<City | null> {
  const row = await db.selectFrom('cities').select(['id', 'country_id', 'name', 'postal_code']).where('id', '=', cityId).executeTakeFirst();
  return row ? { id: row.id, countryId: row.country_id, name: row.name, postalCode: row.postal_code } : null;
}

/** Cities of a country whose name or postal code starts with the query (4 characters at least), by name, 20 at most. */
export async function searchCities(db: Db, { countryId, query }: { countryId: number; query: string }): Promise<City[]> {
  const text = query.trim();
  if (text.length < 4) return [];
  const like = `${text.toLowerCase().replace(/[\\%_]/g, '')}%`;
  const rows = await db
    .selectFrom('cities')
    .select(['id', 'country_id', 'name', 'postal_code'])
    .where('country_id', '=', countryId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['postal_code']), 'like', like)]))
    .orderBy('name')
    .limit(20)
    .execute();
  return rows.map((row) => ({ id: row.id, countryId: row.country_id, name: row.name, postalCode: row.postal_code }));
}
