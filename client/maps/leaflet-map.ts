// The one map of the site (Leaflet over the configured raster tiles), shared by the pickup points'
// map (client/behaviours/pickup-map.ts) and the map widget (client/behaviours/map.ts). The server
// renders a map element only when a maps key is configured (server/maps/settings.ts), hidden; this
// loads Leaflet and its stylesheet, shows the element and builds the map with the specification's
// defaults: zoom 13, road map, a small zoom control at left-centre (section 9), localised controls.
import type * as Leaflet from 'leaflet';
import { loadStylesheet } from '../shell/stylesheet';

export const DEFAULT_ZOOM = 13;

export interface MapOptions {
  center: [number, number];
  zoom?: number;
  zoomControl?: boolean;
  scrollWheel?: boolean;
  draggable?: boolean;
  doubleClickZoom?: boolean;
}

export interface BuiltMap {
  L: typeof Leaflet;
  map: Leaflet.Map;
}

/** Text as HTML-safe text (Leaflet's attribution and popups take HTML). */
export function escapeHtml(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

/** A marker's popup: its title and a line of text, in an element of the given class; the caller adds its action. */
export function popupElement(className: string, title: string, text: string): HTMLElement {
  const popup = document.createElement('div');
  popup.className = className;
  const heading = document.createElement('strong');
  heading.textContent = title;
  const line = document.createElement('p');
  line.textContent = text;
  popup.append(heading, line);
  return popup;
}

/**
 * Builds the map in `element`, whose data attributes carry the server's settings: tiles, attribution,
 * stylesheet, zoom-in, zoom-out, close (the popup close button's label). Null when the element left
 * the page while Leaflet loaded.
 */
export async function createMap(element: HTMLElement, options: MapOptions): Promise<BuiltMap | null> {
  const data = element.dataset;
  const [L] = await Promise.all([import('leaflet'), loadStylesheet(data.stylesheet)]);
  if (!element.isConnected) return null;
  element.hidden = false;
  element.classList.add('site-map');
  const map = L.map(element, {
    zoomControl: false,
    scrollWheelZoom: options.scrollWheel ?? false,
    dragging: options.draggable ?? true,
    doubleClickZoom: options.doubleClickZoom ?? true,
  }).setView(options.center, options.zoom ?? DEFAULT_ZOOM);
  // Leaflet has no left-centre corner: the top-left control is moved to mid-height by the map stylesheet.
  if (options.zoomControl ?? true) L.control.zoom({ position: 'topleft', zoomInTitle: data.zoomIn, zoomOutTitle: data.zoomOut }).addTo(map);
  // Leaflet's own prefix has an English tooltip: its name and link alone.
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(data.tiles ?? '', { attribution: escapeHtml(data.attribution ?? ''), maxZoom: 19 }).addTo(map);
  map.on('popupopen', (event) => event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', data.close ?? ''));
  // A modal or a collapse may open around the map: size it again whenever its box changes.
  new ResizeObserver(() => map.invalidateSize()).observe(element);
  return { L, map };
}

/** Runs mount once per element matching selector in the swapped-in root. */
export function bindOnce(root: Element, selector: string, mount: (element: HTMLElement) => Promise<void>): void {
  const elements = root.matches(selector) ? [root] : [...root.querySelectorAll(selector)];
  for (const element of elements as HTMLElement[]) {
    if (element.dataset.mapMounted) continue;
    element.dataset.mapMounted = 'true';
    void mount(element);
  }
}
