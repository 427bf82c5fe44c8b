import { z } from 'zod';
import { firstText, idOf } from '../shared/ids';
import type { Db } from '../db';
import { findCountry, findShippingMethod } from '../shipping/data';
import { findStaticPoint } from './data';
import { type PickupPointViewModel, viewModelOf } from './search';
import { staticCarrier } from './carriers';

/**
 * The saved-pickup-point payload (section 3), as stored in carts.pickup_point: the shipping names
 * (from the billing names), ShippingMethodId, the point as a shipping address, the point's own fields,
 * ExternalPickupPointRef and PickupPointId (the static carrier's point id).
 */
export interface SavedPickupPoint extends PickupPointViewModel {
  ShippingFirstName: string;
  ShippingLastName: string;
  ShippingMethodId: number;
  PickupPointName: string;
  ShippingStreet1: string;
  ShippingPostalCode: string;
  ShippingCity: string;
  /** The countries table's id for the point's country (a point whose country the table lacks is refused). */
  ShippingCountryId: number;
  ShippingPhoneNumber: string;
  ExternalPickupPointRef: string;
  PickupPointId: number | null;
}

const name = z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string().trim().max(100));
/** An id as shared/ids.ts spells it (whole, positive, at most 9 digits: fits both databases' integer columns); anything else fails. */
export const idField = z.preprocess((value) => {
  const text = firstText(value)?.trim();
  if (text === undefined || text === '') return undefined;
  return idOf(text) ?? Number.NaN;
}, z.number().int().positive());
const id = idField;

/**
 * What the server reads from a posted payload: who, which shipping method, which point. Everything
 * else about the point comes from the carrier, never from the post (a tampered address is not saved).
 */
export const savedPointRequest = z.object({
  ShippingFirstName: name,
  ShippingLastName: name,
  ShippingMethodId: id,
  PickupPointId: id,
  PublicAccessPointID: z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string().trim().max(60)),
  /** The distance shown when it was chosen (km); kept as given, it describes the choice, not the point. */
  Distance: z.preprocess((value) => (value === undefined || value === null || value === '' ? 0 : Number(value)), z.number().finite().min(0).max(20_000)),
});

export type SaveOutcome = { ok: true; payload: SavedPickupPoint } | { ok: false; fields: Record<string, string> };

/**
 * Builds the payload to save. Only the built-in 'static' carrier exists, so PickupPointId is required
 * (a remote carrier would be asked for its point by ExternalPickupPointRef). The shipping method must
 * be one that ships to pickup points (carrier 'static').
 */
export async function buildSavedPickupPoint(db: Db, body: unknown): Promise<SaveOutcome> {
  const parsed = savedPointRequest.safeParse(body ?? {});
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] = 'Shippings.PickupPoint.Invalid';
    return { ok: false, fields };
  }
  const request = parsed.data;
  const row = await findStaticPoint(db, { id: request.PickupPointId });
  const point = row ? await staticCarrier.find(db, row.public_access_point_id) : null;
  if (!point || (request.PublicAccessPointID !== '' && request.PublicAccessPointID !== point.publicId)) {
    return { ok: false, fields: { PickupPointId: 'Shippings.PickupPoint.UnknownPoint' } };
  }
  const method = await findShippingMethod(db, { methodId: request.ShippingMethodId });
  if (!method || method.carrier !== 'static') return { ok: false, fields: { ShippingMethodId: 'Shippings.PickupPoint.Invalid' } };
  const country = await findCountry(db, { code: point.countryCode });
  // The saved address names its country by the countries table's id: a point in an unknown country cannot be shipped to.
  if (!country) return { ok: false, fields: { PickupPointId: 'Shippings.PickupPoint.UnknownPoint' } };
  const view = viewModelOf(point);
  return {
    ok: true,
    payload: {
      ShippingFirstName: request.ShippingFirstName,
      ShippingLastName: request.ShippingLastName,
      ShippingMethodId: method.id,
      PickupPointName: point.name,
      ShippingStreet1: point.address,
      ShippingPostalCode: point.postCode,
      ShippingCity: point.city,
      ShippingCountryId: country.id,
      ShippingPhoneNumber: point.phone,
      ...view,
      Distance: Math.round(request.Distance * 100) / 100,
      ExternalPickupPointRef: point.publicId,
      PickupPointId: point.id,
    },
  };
}
