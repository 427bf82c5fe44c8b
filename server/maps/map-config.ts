import { z } from 'zod';
import { BadInput } from '../http/errors';
import { MAP_DEFAULT_ZOOM } from './settings';

// A map widget's config (specification, section 3): center, zoom, map type, styles, draggable, zoom
// control, scroll wheel, map type control, street view control, disable double-click zoom, fit-bounds.
// Read from the widget's query string; what the raster tiles cannot honour is listed in docs/maps.md.

export const mapTypes = ['roadmap', 'satellite', 'hybrid', 'terrain'] as const;

export interface MapMarker {
  id: string;
  coors: { lat: number; lng: number };
  title: string;
  /** The address of a small picture shown in the marker, or '' for the plain pin. */
  icon: string;
  /** Plain text shown under the title (list and popup). */
  content: string;
  /** Shown in the list (readable without JS) with the directions link. */
  address: string;
  directions: string;
  /** The place's own page, or ''. */
  href: string;
}

export interface MapConfig {
  center: { lat: number; lng: number } | null;
  zoom: number;
  mapType: (typeof mapTypes)[number];
  styles: string;
  draggable: boolean;
  zoomControl: boolean;
  scrollWheel: boolean;
  mapTypeControl: boolean;
  streetViewControl: boolean;
  disableDoubleClickZoom: boolean;
  fitBounds: boolean;
}

const flag = (fallback: boolean) =>
  z.preprocess((value) => (value === undefined || value === '' ? String(fallback) : value), z.enum(['true', 'false', '1', '0'])).transform((value) => value === 'true' || value === '1');

const center = z
  .string()
  .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/)
  .transform((text) => text.split(',').map(Number))
  .refine(([lat, lng]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180)
  .transform(([lat, lng]) => ({ lat, lng }));

const schema = z.object({
  center: z.preprocess((value) => (value === '' ? undefined : value), center.optional()).transform((value) => value ?? null),
  zoom: z.preprocess((value) => (value === undefined || value === '' ? MAP_DEFAULT_ZOOM : value), z.coerce.number().int().min(1).max(19)),
  mapType: z.preprocess((value) => (typeof value === 'string' && value !== '' ? value.toLowerCase() : 'roadmap'), z.enum(mapTypes)),
  styles: z.preprocess((value) => value ?? '', z.string().max(2000)),
  draggable: flag(true),
  zoomControl: flag(true),
  scrollWheel: flag(false),
  mapTypeControl: flag(false),
  streetViewControl: flag(false),
  disableDoubleClickZoom: flag(false),
  fitBounds: flag(true),
});

/** The config from a query string (each value its first occurrence); a bad value is a 400 naming it. */
export function parseMapConfig(query: Record<string, unknown>): MapConfig {
  const first = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name]]));
  const parsed = schema.safeParse(first);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), 'Maps.InvalidConfig']));
  throw new BadInput(fields);
}

export const defaultMapConfig: MapConfig = parseMapConfig({});
