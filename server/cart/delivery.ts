import type { Request, Response } from 'express';
import type { Db } from '../db';
import { appLocals } from '../http/locals';
import { BadInput } from '../http/errors';
import { visitorCurrency } from '../currencies/rates';
import { findCity, findCountry, findShippingMethod, listCountries, listShippingMethods, methodShipsTo, searchCities, shippingMethodIdsFor } from '../shipping/data';
import { type Cart, ensureCart, findCart } from './cart';
import { type CartChoices, updateCart } from './data';
import { parseIdInput } from './input';

// The cart's delivery choices: shipping and billing country, shipping method, city. Each choice that no
// longer fits another (a method that does not ship there, a city of another country) is dropped.

async function knownCountry(db: Db, where: { code: string } | { id: number }, field: string) {
  const country = await findCountry(db, where);
  if (!country) throw new BadInput({ [field]: 'ShoppingCarts.UnknownCountry' });
  return country;
}

/**
 * Sets the shipping country; a chosen method that does not ship there is dropped, as is a city of another
 * country and a pickup point (chosen for the former country).
 */
async function applyShippingCountry(req: Request, res: Response, countryId: number, extra: CartChoices = {}) {
  const { db } = appLocals(req);
  const cart = await ensureCart(req, res, { currency: visitorCurrency(req) });
  const methods = await shippingMethodIdsFor(db, { countryId });
  const city = cart.cityId ? await findCity(db, { cityId: cart.cityId }) : null;
  const countryChanged = cart.shippingCountryId !== countryId;
  await updateCart(db, {
    cartId: cart.id,
    set: {
      shipping_country_id: countryId,
      shipping_method_id: cart.shippingMethodId !== null && methods.includes(cart.shippingMethodId) ? cart.shippingMethodId : null,
      city_id: city && city.countryId === countryId ? cart.cityId : null,
      ...(countryChanged ? { pickup_point: null } : {}),
      ...extra,
    },
  });
}

export async function setShippingCountry(req: Request, res: Response, code: unknown): Promise<void> {
  if (typeof code !== 'string' || !/^[A-Za-z]{2}$/.test(code.trim())) throw new BadInput({ CountryCode: 'ShoppingCarts.UnknownCountry' });
  const country = await knownCountry(appLocals(req).db, { code: code.trim() }, 'CountryCode');
  await applyShippingCountry(req, res, country.id);
}

export async function setCountries(req: Request, res: Response, shipping: unknown, billing: unknown): Promise<void> {
  const { db } = appLocals(req);
  const shippingId = parseIdInput(shipping, 'ShippingCountryId', 'ShoppingCarts.UnknownCountry');
  await knownCountry(db, { id: shippingId }, 'ShippingCountryId');
  const billingId = billing === undefined || billing === '' || billing === null ? shippingId : parseIdInput(billing, 'BillingCountryId', 'ShoppingCarts.UnknownCountry');
  await knownCountry(db, { id: billingId }, 'BillingCountryId');
  await applyShippingCountry(req, res, shippingId, { billing_country_id: billingId });
}

export async function setShippingMethod(req: Request, res: Response, value: unknown): Promise<void> {
  const { db } = appLocals(req);
  const methodId = parseIdInput(value, 'ShippingMethodId', 'ShoppingCarts.UnknownShippingMethod');
  const cart = await ensureCart(req, res, { currency: visitorCurrency(req) });
  const method = await findShippingMethod(db, { methodId });
  const allowed = method && (cart.shippingCountryId === null || (await methodShipsTo(db, { methodId: method.id, countryId: cart.shippingCountryId })));
  if (!method || !allowed) throw new BadInput({ ShippingMethodId: 'ShoppingCarts.UnknownShippingMethod' });
  await updateCart(db, { cartId: cart.id, set: { shipping_method_id: method.id, ...(method.id !== cart.shippingMethodId ? { pickup_point: null } : {}) } });
}

/** Sets the city: by its id, or without JS by the typed text (the first match in the shipping country). */
export async function setCity(req: Request, res: Response, { cityId, query }: { cityId: unknown; query: unknown }): Promise<void> {
  const { db } = appLocals(req);
  if ((cityId === undefined || cityId === '') && typeof query === 'string') {
    const current = await findCart(req);
    const matches = current?.shippingCountryId ? await citySuggestions(db, current.shippingCountryId, query) : {};
    cityId = Object.keys(matches)[0] ?? '';
  }
  const id = parseIdInput(cityId, 'CityId', 'ShoppingCarts.UnknownCity');
  const cart = await ensureCart(req, res, { currency: visitorCurrency(req) });
  const city = await findCity(db, { cityId: id });
  if (!city || (cart.shippingCountryId !== null && city.countryId !== cart.shippingCountryId)) throw new BadInput({ CityId: 'ShoppingCarts.UnknownCity' });
  await updateCart(db, { cartId: cart.id, set: { city_id: city.id, ...(cart.shippingCountryId === null ? { shipping_country_id: city.countryId } : {}) } });
}

/** Cities of a country whose name or postal code starts with the query (4 characters at least), id → "postal code name". */
export async function citySuggestions(db: Db, countryId: number, query: string): Promise<Record<string, string>> {
  const cities = await searchCities(db, { countryId, query });
  return Object.fromEntries(cities.map((city) => [String(city.id), `${city.postalCode} ${city.name}`]));
}

/** What the cart page offers: the countries, the methods that ship to the chosen country (all without one), the chosen city. */
export async function deliveryOptions(db: Db, cart: Cart | null, culture: string) {
  const [countries, methods, city] = await Promise.all([
    listCountries(db, { culture }),
    listShippingMethods(db, { culture, countryId: cart?.shippingCountryId ?? null }),
    cart?.cityId ? findCity(db, { cityId: cart.cityId }) : null,
  ]);
  return { countries, methods, city };
}
