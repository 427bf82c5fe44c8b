// The pickup map (spec 001 section 2 "search modal with list and map", section 8 "zoom 13"; DESIGN:
// "the maps script loads only with a configured key"). With MAPS_API_KEY the search page holds a hidden
// map element with the tile address (key filled in) and its texts, and the CSP lets images come from
// the tile server; without a key there is no map element and no extra image origin, and the list with
// its directions links shows either way.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { parseHtml } from '../support/html';
import { resource } from '../support/resources';

const TILES = 'https://tiles.example.net/styles/streets/{z}/{x}/{y}.png?key={key}';
const withMap = useTestApp({ MAPS_API_KEY: 'pk.test-key_1', MAPS_TILE_URL: TILES, MAPS_ATTRIBUTION: '© Example Maps © OpenStreetMap' });
const withoutMap = useTestApp();

const PARIS = '/fr/shippings/pickuppoint/search?carrierGatewayId=static&countryId=FR&city=Paris&postCode=75002';

function imgSrc(csp: string): string[] {
  return (csp.split(';').find((directive) => directive.trim().startsWith('img-src')) ?? '').trim().split(/\s+/).slice(1);
}

describe('the pickup search with a maps key', () => {
  test('holds the map, hidden until its script shows it, with the keyed tile address, zoom 13 and its texts', async () => {
    const page = await request(withMap.app).get(PARIS);
    expect(page.status).toBe(200);
    const html = parseHtml(page.text);
    const map = html.querySelector('[data-pickup-map]')!;
    expect(map).not.toBeNull();
    expect(map.hasAttribute('hidden')).toBe(true);
    expect(map.getAttribute('data-tiles')).toBe('https://tiles.example.net/styles/streets/{z}/{x}/{y}.png?key=pk.test-key_1');
    expect(map.getAttribute('data-zoom')).toBe('13');
    expect(map.getAttribute('data-attribution')).toBe('© Example Maps © OpenStreetMap');
    expect(map.getAttribute('aria-label')).toBe(resource('fr', 'Shippings.PickupPoint.Map'));
    expect(map.getAttribute('data-show-on-map')).toBe(resource('fr', 'Shippings.PickupPoint.ShowOnMap'));
    expect(map.getAttribute('data-zoom-in')).toBe(resource('fr', 'Shippings.PickupPoint.ZoomIn'));
    expect(map.getAttribute('data-zoom-out')).toBe(resource('fr', 'Shippings.PickupPoint.ZoomOut'));
    expect(map.getAttribute('data-close')).toBe(resource('fr', 'Core.Close'));
    // The map's stylesheet is a built file of its own, not part of the page's styles.
    const stylesheet = map.getAttribute('data-stylesheet')!;
    expect(stylesheet).toMatch(/^\/static\/dist\/pickup-map-\w+\.css$/);
    expect(html.querySelectorAll('link[rel=stylesheet]').map((link) => link.getAttribute('href'))).not.toContain(stylesheet);
    const css = await request(withMap.app).get(stylesheet);
    expect(css.status).toBe(200);
    expect(css.text).toContain('.leaflet-container');
    expect(css.text).toContain('.pickup-marker');
    // The list still shows every point with its directions link, each point with its coordinates for a marker.
    const items = html.querySelectorAll('[data-pickup-point]');
    expect(items).toHaveLength(4);
    expect(html.querySelectorAll('.pickup-point-directions')).toHaveLength(4);
    expect(JSON.parse(items[0].getAttribute('data-pickup-point')!).Geocode).toEqual({ Latitude: 48.8683, Longitude: 2.3397 });
  });

  test('the CSP lets images come from the tile server, and nothing else is loosened', async () => {
    const page = await request(withMap.app).get(PARIS);
    const csp = page.headers['content-security-policy'] as string;
    expect(imgSrc(csp)).toEqual(["'self'", 'data:', 'https://tiles.example.net']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
  });

  test('a search that finds no point shows no map', async () => {
    const page = await request(withMap.app).get('/fr/shippings/pickuppoint/search?carrierGatewayId=static&countryId=FR&city=Nowhere&postCode=00000');
    const html = parseHtml(page.text);
    expect(html.querySelector('[data-pickup-empty]')).not.toBeNull();
    expect(html.querySelector('[data-pickup-map]')).toBeNull();
  });
});

describe('the pickup search without a maps key', () => {
  test('has no map element and no map stylesheet, only the list with directions links', async () => {
    const page = await request(withoutMap.app).get(PARIS);
    const html = parseHtml(page.text);
    expect(html.querySelector('[data-pickup-map]')).toBeNull();
    expect(page.text).not.toContain('pickup-map-');
    expect(html.querySelectorAll('[data-pickup-point]')).toHaveLength(4);
    expect(html.querySelectorAll('.pickup-point-directions')).toHaveLength(4);
  });

  test('the CSP allows images from this site and data: only', async () => {
    const page = await request(withoutMap.app).get(PARIS);
    expect(imgSrc(page.headers['content-security-policy'] as string)).toEqual(["'self'", 'data:']);
  });
});
