// The map widget (widgets/map/map.ejs): the server renders the places as a list and, with a maps key,
// a hidden [data-map] element carrying the markers (coors, title, icon, content, id) and the config
// (center, zoom, mapType, draggable, zoomControl, scrollWheel, disableDoubleClickZoom, fitBounds; the
// rest is documented in docs/maps.md as not honoured by raster tiles). This builds the site's one map
// (client/maps/leaflet-map.ts) with a marker per place; a marker's popup links to the place's page.
import type * as Leaflet from 'leaflet';
import { bindOnce, createMap, popupElement } from '../maps/leaflet-map';

interface Marker {
  id: string;
  coors: { lat: number; lng: number };
  title: string;
  icon: string;
  content: string;
  href: string;
}

interface Config {
  center: { lat: number; lng: number } | null;
  zoom: number;
  draggable: boolean;
  zoomControl: boolean;
  scrollWheel: boolean;
  disableDoubleClickZoom: boolean;
  fitBounds: boolean;
}

const MARKER_SIZE_PX = 40;

function popupOf(marker: Marker, viewDetails: string): HTMLElement {
  const popup = popupElement('map-popup', marker.title, marker.content);
  if (marker.href) {
    const link = document.createElement('a');
    link.href = marker.href;
    link.textContent = viewDetails;
    popup.append(link);
  }
  return popup;
}

function iconOf(L: typeof Leaflet, marker: Marker): Leaflet.DivIcon {
  const html = marker.icon ? `<img src="${encodeURI(marker.icon)}" alt="" width="${MARKER_SIZE_PX}" height="${MARKER_SIZE_PX}">` : '<span></span>';
  return L.divIcon({
    className: `map-marker${marker.icon ? ' has-icon' : ''}`,
    html,
    iconSize: [MARKER_SIZE_PX, MARKER_SIZE_PX],
    iconAnchor: [MARKER_SIZE_PX / 2, MARKER_SIZE_PX],
    popupAnchor: [0, -MARKER_SIZE_PX],
  });
}

async function mount(element: HTMLElement): Promise<void> {
  const markers = JSON.parse(element.dataset.markers ?? '[]') as Marker[];
  const config = JSON.parse(element.dataset.config ?? '{}') as Config;
  const center = config.center ?? markers[0]?.coors;
  if (!center) return;
  const built = await createMap(element, {
    center: [center.lat, center.lng],
    zoom: config.zoom,
    zoomControl: config.zoomControl,
    scrollWheel: config.scrollWheel,
    draggable: config.draggable,
    doubleClickZoom: !config.disableDoubleClickZoom,
  });
  if (!built) return;
  const { L, map } = built;
  for (const marker of markers) {
    L.marker([marker.coors.lat, marker.coors.lng], { icon: iconOf(L, marker), title: marker.title, keyboard: true, riseOnHover: true })
      .bindPopup(popupOf(marker, element.dataset.viewDetails ?? ''))
      .addTo(map)
      .getElement()
      ?.setAttribute('data-marker-id', marker.id);
  }
  if (config.fitBounds && markers.length > 1) {
    map.fitBounds(L.latLngBounds(markers.map((marker) => [marker.coors.lat, marker.coors.lng] as [number, number])), { padding: [32, 32], maxZoom: config.zoom });
  }
}

/** Mounts each map widget of the swapped-in content once. */
export function bind(root: Element): void {
  bindOnce(root, '[data-map]', mount);
}
