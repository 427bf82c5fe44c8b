// The pickup point map uses the maps settings every map shares (server/maps/settings.ts): a map shows
// beside the list only when MAPS_API_KEY is set (the list, with a directions link per point, always shows).
export { mapSettings, mapTileOrigin, type MapSettings } from '../maps/settings';
import { MAP_DEFAULT_ZOOM } from '../maps/settings';

/** Pickup map zoom (specification, section 8). */
export const PICKUP_MAP_ZOOM = MAP_DEFAULT_ZOOM;
