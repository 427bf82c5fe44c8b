import type { Request, Response } from 'express';
import { haversineKm } from '../pickup/carriers';
import { type Place, geocoderOf } from './geocoder';
import type { MapConfig, MapMarker } from './map-config';
import { type MapSettings, mapSettings } from './settings';

// The map widget's model (widgets/map/map.ejs): the markers as a list (always) and, with a maps key,
// the data the map behaviour turns into a map. With a search, the typed place is geocoded on the
// server (the same for the no-JS form and the combobox's submit) and the places are listed nearest
// first; a geocoding failure only leaves the list in its own order (a notice, never an error).

export interface ListedMarker extends MapMarker {
  /** "12.3 km" from the searched place, in the culture; '' without one. */
  distance: string;
}

export interface MapWidgetModel {
  id: string;
  settings: (MapSettings & { stylesheet: string }) | null;
  config: MapConfig;
  markers: ListedMarker[];
  search: { action: string; query: string; place: Place | null; keep: Record<string, string> } | null;
}

interface Options {
  id: string;
  markers: MapMarker[];
  config: MapConfig;
  /** The form's address and the typed text; no search form when left out. */
  search?: { action: string; query: string; keep?: Record<string, string> };
}

function byDistance(markers: MapMarker[], place: Place | null, culture: string): ListedMarker[] {
  if (!place) return markers.map((marker) => ({ ...marker, distance: '' }));
  const format = new Intl.NumberFormat(culture, { maximumFractionDigits: 1 });
  return markers
    .map((marker) => ({ marker, km: haversineKm(place.lat, place.lng, marker.coors.lat, marker.coors.lng) }))
    .sort((a, b) => a.km - b.km)
    .map(({ marker, km }) => ({ ...marker, distance: format.format(km) }));
}

export async function mapWidgetModel(req: Request, res: Response, options: Options): Promise<MapWidgetModel> {
  const settings = mapSettings(req.app.locals.config);
  const query = options.search?.query ?? '';
  const place = query ? await geocoderOf(req).geocode(query, { culture: res.locals.culture }) : null;
  const config = place ? { ...options.config, center: { lat: place.lat, lng: place.lng } } : options.config;
  return {
    id: options.id,
    settings: settings && { ...settings, stylesheet: req.app.locals.assets.entry('pickup-map').style },
    config,
    markers: byDistance(options.markers, place, res.locals.culture),
    search: options.search ? { action: options.search.action, query, place, keep: options.search.keep ?? {} } : null,
  };
}

/** A search's typed text: trimmed, at most 200 characters ('' when absent or not text). */
export function searchText(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 200) : '';
}
