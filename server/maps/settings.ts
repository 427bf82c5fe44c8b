// The map settings every map shares (the pickup points' and the projects' map widget): a map shows
// only when MAPS_API_KEY is set; without it the server still renders the places as a list, each with
// its address and a directions link. The CSP lets images come from the tile server only then.
import type { Config } from '../config';

/** Map defaults (specification, section 9): zoom 13, road map, small zoom control at left-centre. */
export const MAP_DEFAULT_ZOOM = 13;

export interface MapSettings {
  /** The tile address with the key filled in; {z}, {x} and {y} are left for the map. */
  tiles: string;
  attribution: string;
  zoom: number;
}

type MapsConfig = Pick<Config, 'MAPS_API_KEY' | 'MAPS_TILE_URL' | 'MAPS_ATTRIBUTION'>;

/** The map's settings, or null when no maps key is configured. */
export function mapSettings(config: MapsConfig): MapSettings | null {
  if (!config.MAPS_API_KEY) return null;
  return {
    tiles: config.MAPS_TILE_URL.replaceAll('{key}', encodeURIComponent(config.MAPS_API_KEY)),
    attribution: config.MAPS_ATTRIBUTION,
    zoom: MAP_DEFAULT_ZOOM,
  };
}

/** The origin the map's tiles come from, for the CSP's img-src; null without a map. */
export function mapTileOrigin(config: Pick<Config, 'MAPS_API_KEY' | 'MAPS_TILE_URL'>): string | null {
  return config.MAPS_API_KEY ? new URL(config.MAPS_TILE_URL.replace(/\{(\w+)\}/g, '0')).origin : null;
}

/** A plain link to a directions service ending at the coordinates: works without JavaScript or a key. */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`;
}
