// The pickup points' map (spec 001 sections 2 and 8: "chosen from list or map", zoom 13). The server
// renders [data-pickup-map] only when a maps key is configured, hidden; this chunk then loads Leaflet and
// its stylesheet, shows the map centred on the nearest point and puts a numbered marker on each point of
// the list. A marker's popup has the point's own choose button (it submits that point's form, so the
// choice goes through the same path as from the list), and each list entry gains a 'show on map'
// button. Without JS, or without a key, the list and its directions links stand alone.
import type * as Leaflet from 'leaflet';
import { loadStylesheet } from '../shell/stylesheet';

interface Point {
  item: HTMLElement;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

interface PickupPointView {
  ConsigneeName?: string;
  Address?: string;
  PostCode?: string;
  City?: string;
  Geocode?: { Latitude?: number; Longitude?: number };
}

const MARKER_SIZE_PX = 28;

function pointsOf(section: ParentNode): Point[] {
  return [...section.querySelectorAll<HTMLElement>('[data-pickup-point]')].flatMap((item) => {
    const view = JSON.parse(item.dataset.pickupPoint ?? '{}') as PickupPointView;
    const latitude = Number(view.Geocode?.Latitude);
    const longitude = Number(view.Geocode?.Longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
    const address = `${view.Address ?? ''}, ${view.PostCode ?? ''} ${view.City ?? ''}`.trim();
    return [{ item, name: view.ConsigneeName ?? '', address, latitude, longitude }];
  });
}

function escapeHtml(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

/** The popup of a point: its name, address and the list's own choose button for it. */
function popupOf(point: Point): HTMLElement {
  const popup = document.createElement('div');
  popup.className = 'pickup-map-popup';
  const name = document.createElement('strong');
  name.textContent = point.name;
  const address = document.createElement('p');
  address.textContent = point.address;
  const listButton = point.item.querySelector<HTMLButtonElement>('[data-pickup-choose]');
  const choose = document.createElement('button');
  choose.type = 'button';
  choose.className = 'button button-primary';
  choose.textContent = listButton?.textContent ?? '';
  choose.addEventListener('click', () => listButton?.form?.requestSubmit(listButton));
  popup.append(name, address, choose);
  return popup;
}

function select(points: Point[], chosen: Point): void {
  for (const point of points) point.item.classList.toggle('is-selected', point === chosen);
  chosen.item.scrollIntoView({ block: 'nearest' });
}

async function mount(element: HTMLElement): Promise<void> {
  const section = element.closest('[data-pickup="search"]') ?? document;
  const points = pointsOf(section);
  if (points.length === 0) return;
  const data = element.dataset;
  const [L] = await Promise.all([import('leaflet'), loadStylesheet(data.stylesheet)]);
  if (!element.isConnected) return;
  element.hidden = false;
  const zoom = Number(data.zoom) || 13;
  const map: Leaflet.Map = L.map(element, { zoomControl: false, scrollWheelZoom: false }).setView([points[0].latitude, points[0].longitude], zoom);
  L.control.zoom({ zoomInTitle: data.zoomIn, zoomOutTitle: data.zoomOut }).addTo(map);
  // Leaflet's own prefix has an English tooltip: its name and link alone.
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(data.tiles ?? '', { attribution: escapeHtml(data.attribution ?? ''), maxZoom: 19 }).addTo(map);
  map.on('popupopen', (event) => event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', data.close ?? ''));

  points.forEach((point, index) => {
    const icon = L.divIcon({
      className: 'pickup-marker',
      html: `<span>${index + 1}</span>`,
      iconSize: [MARKER_SIZE_PX, MARKER_SIZE_PX],
      iconAnchor: [MARKER_SIZE_PX / 2, MARKER_SIZE_PX / 2],
      popupAnchor: [0, -MARKER_SIZE_PX / 2],
    });
    const marker = L.marker([point.latitude, point.longitude], { icon, title: point.name, keyboard: true, riseOnHover: true })
      .bindPopup(popupOf(point))
      .addTo(map);
    marker.on('click', () => select(points, point));

    const show = document.createElement('button');
    show.type = 'button';
    show.className = 'link-button pickup-point-show';
    show.textContent = data.showOnMap ?? '';
    show.setAttribute('aria-controls', element.id);
    show.addEventListener('click', () => {
      map.setView(marker.getLatLng(), Math.max(map.getZoom(), zoom));
      marker.openPopup();
      select(points, point);
      element.scrollIntoView({ block: 'nearest' });
    });
    point.item.querySelector('.pickup-point-address')?.after(show);
  });
  // The modal opens around the map: size it again whenever its box changes.
  new ResizeObserver(() => map.invalidateSize()).observe(element);
}

/** Mounts each map of the swapped-in content once. */
export function bind(root: Element): void {
  const elements = root.matches('[data-pickup-map]') ? [root] : [...root.querySelectorAll('[data-pickup-map]')];
  for (const element of elements as HTMLElement[]) {
    if (element.dataset.mapMounted) continue;
    element.dataset.mapMounted = 'true';
    void mount(element);
  }
}
