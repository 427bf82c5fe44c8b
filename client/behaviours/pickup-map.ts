// The pickup points' map (spec 001 sections 2 and 8: "chosen from list or map", zoom 13). The server
// renders [data-pickup-map] only when a maps key is configured, hidden; this chunk then loads Leaflet and
// its stylesheet, shows the map centred on the nearest point and puts a numbered marker on each point of
// the list. A marker's popup has the point's own choose button (it submits that point's form, so the
// choice goes through the same path as from the list), and each list entry gains a 'show on map'
// button. Without JS, or without a key, the list and its directions links stand alone. The map itself
// is the site's one map (client/maps/leaflet-map.ts).
import { bindOnce, createMap, popupElement } from '../maps/leaflet-map';

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

/** The popup of a point: its name, address and the list's own choose button for it. */
function popupOf(point: Point): HTMLElement {
  const popup = popupElement('pickup-map-popup', point.name, point.address);
  const listButton = point.item.querySelector<HTMLButtonElement>('[data-pickup-choose]');
  const choose = document.createElement('button');
  choose.type = 'button';
  choose.className = 'button button-primary';
  choose.textContent = listButton?.textContent ?? '';
  choose.addEventListener('click', () => listButton?.form?.requestSubmit(listButton));
  popup.append(choose);
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
  const zoom = Number(data.zoom) || 13;
  const built = await createMap(element, { center: [points[0].latitude, points[0].longitude], zoom });
  if (!built) return;
  const { L, map } = built;

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
}

/** Mounts each map of the swapped-in content once. */
export function bind(root: Element): void {
  bindOnce(root, '[data-pickup-map]', mount);
}
