import type { Db } from '../db';
import { directionsUrl } from '../maps/settings';
import type { Geocoder } from '../maps/geocoder';
import { idOf } from '../shared/ids';
import { findCountry, findShippingMethod } from '../shipping/data';
import { DEFAULT_MAXIMUM_LIST_SIZE, DEFAULT_SEARCH_RADIUS_KM, type PickupStatus, type PickupPointViewModel, searchPickupPoints, viewModelOf } from './search';

/** The search page's query, each value trimmed (at most 300 characters), '' when absent. */
export interface SearchPageQuery {
  shippingMethodId: string;
  carrierGatewayId: string;
  countryId: string;
  city: string;
  postCode: string;
  address: string;
}

export interface ListedPoint {
  view: PickupPointViewModel;
  /** Only the built-in 'static' carrier's points have an id of ours. */
  pickupPointId: number | null;
  hours: string[];
  directions: string;
}

export interface SearchPageResult {
  status: PickupStatus;
  carrier: string;
  countryCode: string;
  points: ListedPoint[];
}

/** The modal's country: the countries table's id (as the checkout gives it) or an ISO code; '' when neither. */
async function countryCodeOf(db: Db, value: string): Promise<string> {
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  const id = idOf(value);
  return id === null ? '' : ((await findCountry(db, { id }))?.code ?? '');
}

/** The carrier of the modal: carrierGatewayId when it names one, else the shipping method's, else 'static'. */
async function carrierNameOf(db: Db, carrierGatewayId: string, shippingMethodId: number | null): Promise<string> {
  if (carrierGatewayId) return carrierGatewayId;
  const method = shippingMethodId ? await findShippingMethod(db, { methodId: shippingMethodId }) : null;
  return method?.carrier ?? 'static';
}

/** Runs the search page's search: the carrier and country it names, its points nearest first (none unless 'Success'). */
export async function searchFromPage(db: Db, { query, culture, geocoder }: { query: SearchPageQuery; culture: string; geocoder?: Geocoder }): Promise<SearchPageResult> {
  const shippingMethodId = idOf(query.shippingMethodId);
  const carrier = await carrierNameOf(db, query.carrierGatewayId, shippingMethodId);
  const countryCode = await countryCodeOf(db, query.countryId);
  const outcome = await searchPickupPoints(db, carrier, {
    City: query.city,
    PostalCode: query.postCode,
    CountryCode: countryCode,
    Address: query.address,
    ShippingMethodId: shippingMethodId,
    SearchRadius: DEFAULT_SEARCH_RADIUS_KM,
    MaximumListSize: DEFAULT_MAXIMUM_LIST_SIZE,
    CultureName: culture,
  }, geocoder);
  const points = (outcome.status === 'Success' ? outcome.points : []).map((point) => ({
    view: viewModelOf(point),
    pickupPointId: carrier === 'static' ? point.id : null,
    hours: point.hours.split(';').map((line) => line.trim()).filter(Boolean),
    directions: directionsUrl(point.latitude, point.longitude),
  }));
  return { status: outcome.status, carrier, countryCode, points };
}
