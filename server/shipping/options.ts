import type { Response } from 'express';
import type { Cart } from '../cart/cart';
import { shippingPrices } from '../cart/pricing';
import { appLocals } from '../http/locals';
import { moneyFormatter } from '../shared/money';
import { findCountry, listShippingMethods } from './data';

/** A shipping method as the checkout offers it: its name and its price for this cart. */
export interface MethodOption {
  id: number;
  name: string;
  price: string;
  /** A pickup-point method (carrier 'static'): the search modal's address, and the point chosen for it. */
  pickup: { searchUrl: string; countryCode: string; chosen: string | null } | null;
}

/** The pickup point saved on the cart for this method (its payload), or null: a point saved for another method does not count. */
export function pickupPointFor(cart: Cart, methodId: number): Record<string, unknown> | null {
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
export async function shippingOptions(
  res: Response,
  cart: Cart,
  destination: { countryId: number | null; city: string; postCode: string },
): Promise<MethodOption[]> {
  const { db } = appLocals(res.req);
  const culture = res.locals.culture;
  const { countryId } = destination;
  const country = countryId === null ? null : await findCountry(db, { id: countryId });
  const methods = await listShippingMethods(db, { culture, countryId });
  // Each price as the cart's summary would charge it with that method chosen.
  const prices = await shippingPrices(db, cart, methods.map((method) => method.id), { culture });
  const money = moneyFormatter(cart.currency, culture);
  return methods.map((method) => {
    const search = new URLSearchParams({
      shippingMethodId: String(method.id),
      carrierGatewayId: method.carrier,
      countryId: String(countryId ?? ''),
      city: destination.city,
      postCode: destination.postCode,
      returnUrl: res.locals.href('checkout'),
    });
    const pickup =
      method.carrier === 'static'
        ? { searchUrl: `${res.locals.href('shippings/pickuppoint/search')}?${search}`, countryCode: country?.code ?? '', chosen: chosenPickupPoint(cart, method.id) }
        : null;
    return { id: method.id, name: method.name, price: money(prices.get(method.id) ?? 0), pickup };
  });
}
