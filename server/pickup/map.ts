// The pickup point map's settings: a map shows beside the list only when MAPS_API_KEY is set (the list,
// with a directions link per point, always shows). The map's script and stylesheet load only on a page
// that holds the map, and the CSP lets images come from the tile server only when there is a map.
import type { Config } from '../config';

/** Pickup map zoom (specification, section 8). */
export const PICKUP_MAP_ZOOM = 13;

export interface MapSettings {
  /** The tile address with the key filled in; {z}, {x} and {y} are left for the map. */
  tiles: string;
  attribution: string;
  zoom: number;
}

type MapConfig = Pick<Config, 'MAPS_API_KEY' | 'MAPS_TILE_URL' | 'MAPS_ATTRIBUTION'>;

/** The map's settings, or null when no maps key is configured. */
export function mapSettings(config: MapConfig): MapSettings | null {
  if (!config.MAPS_API_KEY) return null;
  return {
    tiles: config.MAPS_TILE_URL.replaceAll('{key}', encodeURIComponent(config.MAPS_API_KEY)),
    attribution: config.MAPS_ATTRIBUTION,
    zoom: PICKUP_MAP_ZOOM,
  };
}

/** The origin the map's tiles come from, for the CSP's img-src; null without a map. */
export function mapTileOrigin(config: Pick<Config, 'MAPS_API_KEY' | 'MAPS_TILE_URL'>): string | null {
  return config.MAPS_API_KEY ? new URL(config.MAPS_TILE_URL.replace(/\{(\w+)\}/g, '0')).origin : null;
}
