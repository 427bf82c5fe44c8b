import { z } from 'zod';
import { firstText, idOf } from '../shared/ids';
import type { Db } from '../db';
import { type Geocoder, noGeocoder } from '../maps/geocoder';
import { type PickupCarrier, type PickupPoint, carrierNamed } from './carriers';

export const DEFAULT_SEARCH_RADIUS_KM = 10;
export const MAX_SEARCH_RADIUS_KM = 100;
export const DEFAULT_MAXIMUM_LIST_SIZE = 10;
export const MAX_LIST_SIZE = 50;

/** ResponseStatusDescription values: 'Success' is the specification's; the others are ours. */
export type PickupStatus = 'Success' | 'InvalidRequest' | 'UnknownCarrier';

/** A point as the API answers it (PickupPointViewModels): the specification's fields, nothing else. */
export interface PickupPointViewModel {
  PublicAccessPointID: string;
  ConsigneeName: string;
  Address: string;
  PostCode: string;
  City: string;
  CountryId: string;
  PhoneNumber: string;
  /** km from the searched place, 2 decimals. */
  Distance: number;
  Geocode: { Latitude: number; Longitude: number };
  ImageURL: string;
  Comments: string;
  /** Lines separated by ';'. */
  StandardHoursOfOperation: string;
  Informations: string;
  LatestAirDropOffTime: string;
  AdditionalChargeIndicator: string;
  SpecialInstructions: string;
  AdditionalComments: string;
  PickupPointType: string;
}

export interface PickupSearchAnswer {
  ResponseStatusDescription: PickupStatus;
  PickupPointViewModels: PickupPointViewModel[];
}

export function viewModelOf(point: PickupPoint): PickupPointViewModel {
  return {
    PublicAccessPointID: point.publicId,
    ConsigneeName: point.name,
    Address: point.address,
    PostCode: point.postCode,
    City: point.city,
    CountryId: point.countryCode,
    PhoneNumber: point.phone,
    Distance: Math.round(point.distanceKm * 100) / 100,
    Geocode: { Latitude: point.latitude, Longitude: point.longitude },
    ImageURL: point.imageUrl,
    Comments: point.comments,
    StandardHoursOfOperation: point.hours,
    Informations: point.informations,
    LatestAirDropOffTime: point.latestAirDropOffTime,
    AdditionalChargeIndicator: point.additionalChargeIndicator,
    SpecialInstructions: point.specialInstructions,
    AdditionalComments: point.additionalComments,
    PickupPointType: point.type,
  };
}

const text = (max: number) => z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string().trim().max(max));
const number = (min: number, max: number, fallback: number, integer = false) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? fallback : typeof value === 'string' ? Number(value) : value),
    integer ? z.number().int().min(min).max(max) : z.number().finite().min(min).max(max),
  );

/** The search request (section 3): City, PostalCode, CountryCode, Address, ShippingMethodId, SearchRadius, MaximumListSize, CultureName. */
export const searchRequest = z
  .object({
    City: text(120),
    PostalCode: text(20),
    CountryCode: z.string().trim().regex(/^[A-Za-z]{2}$/),
    Address: text(300),
    ShippingMethodId: z.preprocess((value) => {
      const text = firstText(value)?.trim();
      return text === undefined || text === '' ? null : (idOf(text) ?? Number.NaN);
    }, z.number().int().positive().nullable()),
    SearchRadius: number(0.1, MAX_SEARCH_RADIUS_KM, DEFAULT_SEARCH_RADIUS_KM),
    MaximumListSize: number(1, MAX_LIST_SIZE, DEFAULT_MAXIMUM_LIST_SIZE, true),
    CultureName: text(10),
  })
  .refine((request) => request.City !== '' || request.PostalCode !== '' || request.Address !== '', { path: ['City'] });

export type SearchRequest = z.infer<typeof searchRequest>;

export type SearchOutcome =
  | { status: 'Success'; carrier: PickupCarrier; points: PickupPoint[]; request: SearchRequest }
  | { status: 'UnknownCarrier' }
  | { status: 'InvalidRequest'; fields: string[] };

/**
 * Where a typed address is, through the geocoder (GEOCODER_URL): the address with its postal code, city
 * and country. Null without an address, or when the geocoder finds nothing or fails (a warning it
 * logged): the carrier then places the search by city and postal code.
 */
async function originOf(request: SearchRequest, geocoder: Geocoder): Promise<{ lat: number; lng: number } | undefined> {
  if (request.Address === '') return undefined;
  const text = [request.Address, `${request.PostalCode} ${request.City}`.trim()].filter(Boolean).join(', ');
  const place = await geocoder.geocode(text, { culture: request.CultureName || 'fr', countryCode: request.CountryCode });
  return place ? { lat: place.lat, lng: place.lng } : undefined;
}

/** Runs one search: the carrier by name, the request checked, the typed address geocoded, the points nearest first. */
export async function searchPickupPoints(db: Db, carrierName: string, body: unknown, geocoder: Geocoder = noGeocoder): Promise<SearchOutcome> {
  const carrier = carrierNamed(carrierName);
  if (!carrier) return { status: 'UnknownCarrier' };
  const parsed = searchRequest.safeParse(body ?? {});
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'City')))];
    return { status: 'InvalidRequest', fields };
  }
  const request = parsed.data;
  const points = await carrier.search(db, {
    countryCode: request.CountryCode.toUpperCase(),
    city: request.City,
    postalCode: request.PostalCode,
    address: request.Address,
    radiusKm: request.SearchRadius,
    maxResults: request.MaximumListSize,
    origin: await originOf(request, geocoder),
  });
  return { status: 'Success', carrier, points, request };
}
