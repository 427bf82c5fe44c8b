import type { Db } from '../db';
import { findStaticPoint, type PointRow, staticPointsOfCountry } from './data';

/** A pickup point as a carrier gives it, with its distance (km) from the searched place. */
export interface PickupPoint {
  /** The database id, for the built-in carrier's points (null for a remote carrier's). */
  id: number | null;
  publicId: string;
  name: string;
  address: string;
  postCode: string;
  city: string;
  countryCode: string;
  phone: string;
  latitude: number;
  longitude: number;
  distanceKm: number;
  imageUrl: string;
  comments: string;
  hours: string;
  informations: string;
  latestAirDropOffTime: string;
  additionalChargeIndicator: string;
  specialInstructions: string;
  additionalComments: string;
  type: string;
}

export interface PickupQuery {
  countryCode: string;
  city: string;
  postalCode: string;
  address: string;
  radiusKm: number;
  maxResults: number;
  /** The searched place when a typed address was geocoded (server/maps/geocoder.ts); else found from city and postal code. */
  origin?: { lat: number; lng: number };
}

/** A carrier that finds pickup points: the built-in 'static' one reads the database; others would call out. */
export interface PickupCarrier {
  readonly name: string;
  /** Points within radiusKm of the searched place, nearest first, at most maxResults. */
  search(db: Db, query: PickupQuery): Promise<PickupPoint[]>;
  /** One point by the carrier's public id (to save a choice from trusted data, never from the post). */
  find(db: Db, publicId: string): Promise<PickupPoint | null>;
}

const EARTH_RADIUS_KM = 6371.0088;
const MICRO = 1_000_000;

/** Great-circle distance in km between two points given in degrees. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Lower case, no accents, no punctuation: 'Liège' and 'liege', 'Den Haag' and 'den-haag' match. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function toPoint(row: PointRow, distanceKm: number): PickupPoint {
  return {
    id: row.id,
    publicId: row.public_access_point_id,
    name: row.consignee_name,
    address: row.address,
    postCode: row.post_code,
    city: row.city,
    countryCode: row.country_id,
    phone: row.phone_number,
    latitude: Number(row.latitude) / MICRO,
    longitude: Number(row.longitude) / MICRO,
    distanceKm,
    imageUrl: row.image_url,
    comments: row.comments,
    hours: row.standard_hours_of_operation,
    informations: row.informations,
    latestAirDropOffTime: row.latest_air_drop_off_time,
    additionalChargeIndicator: row.additional_charge_indicator,
    specialInstructions: row.special_instructions,
    additionalComments: row.additional_comments,
    type: row.pickup_point_type,
  };
}

/**
 * Where the searched place is, without a geocoding service: the centre of the country's points with
 * that postal code, else of those in that city (accents and case ignored), else of those whose postal
 * code starts like it (same district). Null when nothing in the country matches.
 */
function origin(rows: PointRow[], query: PickupQuery): { lat: number; lng: number } | null {
  const postal = fold(query.postalCode).replace(/ /g, '');
  const city = fold(query.city);
  const byPostal = (row: PointRow) => fold(row.post_code).replace(/ /g, '');
  const candidates = [
    postal ? rows.filter((row) => byPostal(row) === postal) : [],
    city ? rows.filter((row) => fold(row.city) === city) : [],
    postal.length >= 2 ? rows.filter((row) => byPostal(row).startsWith(postal.slice(0, 2))) : [],
  ];
  const found = candidates.find((list) => list.length > 0);
  if (!found) return null;
  const lat = found.reduce((sum, row) => sum + Number(row.latitude), 0) / found.length / MICRO;
  const lng = found.reduce((sum, row) => sum + Number(row.longitude), 0) / found.length / MICRO;
  return { lat, lng };
}

/** The built-in carrier over the pickup_points table (carrier 'static'). */
export const staticCarrier: PickupCarrier = {
  name: 'static',
  async search(db, query) {
    const rows = await staticPointsOfCountry(db, { countryCode: query.countryCode });
    const from = query.origin ?? origin(rows, query);
    if (!from) return [];
    return rows
      .map((row) => toPoint(row, haversineKm(from.lat, from.lng, Number(row.latitude) / MICRO, Number(row.longitude) / MICRO)))
      .filter((point) => point.distanceKm <= query.radiusKm)
      .sort((a, b) => a.distanceKm - b.distanceKm || a.publicId.localeCompare(b.publicId))
      .slice(0, query.maxResults);
  },
  async find(db, publicId) {
    const row = await findStaticPoint(db, { publicId });
    return row ? toPoint(row, 0) : null;
  },
};

const carriers = new Map<string, PickupCarrier>([[staticCarrier.name, staticCarrier]]);

/** The carrier of that name (case-insensitive), or null. A remote carrier registers here at start. */
export function carrierNamed(name: string): PickupCarrier | null {
  return carriers.get(name.toLowerCase()) ?? null;
}

export function registerCarrier(carrier: PickupCarrier): void {
  carriers.set(carrier.name.toLowerCase(), carrier);
}
