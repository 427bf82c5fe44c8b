// Maps (issue 21 item 5): the browser maps key (GET {app}/api/v1/settings/GoogleFrontAPIKey), the geocoder
// client against a small Nominatim-shaped server on the loopback (test/support/geocoder-server.ts),
// failures included, the places suggestions API, the pickup point search by a typed address, and the
// map widget's server-side place search and map data.
import request from 'supertest';
import { NominatimGeocoder } from '../../server/maps/geocoder';
import { haversineKm } from '../../server/pickup/carriers';
import { createTestApp, useTestApp } from '../support/app';
import { fixturePlaces, type GeocoderServer, startGeocoderServer } from '../support/geocoder-server';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { visitor } from './accounts-helpers';

const KEY = 'browser-maps-key';
const env: Record<string, string> = {};
let geocoder: GeocoderServer;

beforeAll(async () => {
  geocoder = await startGeocoderServer();
  // Read by useTestApp's beforeAll, which runs after this one.
  Object.assign(env, { MAPS_API_KEY: KEY, GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: '400' });
});
afterAll(() => geocoder.close());
beforeEach(() => {
  geocoder.mode = 'ok';
  geocoder.requests.length = 0;
});

const testApp = useTestApp(env);
const get = (path: string) => request(testApp.app).get(path);
const place = (name: string) => fixturePlaces.find((entry) => entry.display_name.startsWith(name))!;

describe('GET {app}/api/v1/settings/GoogleFrontAPIKey', () => {
  it('answers the configured browser maps key as JSON', async () => {
    const answer = await get('/api/v1/settings/GoogleFrontAPIKey');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json');
    expect(answer.body).toBe(KEY);
  });

  it('answers null when no maps key is configured', async () => {
    const bare = await createTestApp();
    try {
      const answer = await request(bare.app).get('/api/v1/settings/GoogleFrontAPIKey');
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('null');
    } finally {
      await bare.close();
    }
  });
});

describe('the geocoder client (Nominatim API) against the loopback server', () => {
  const warnings: unknown[] = [];
  const client = () => new NominatimGeocoder(geocoder.url, { warn: (...args: unknown[]) => void warnings.push(args) } as never, 300);
  beforeEach(() => {
    warnings.length = 0;
  });

  it('geocodes a typed address, asking /search?format=json with the culture and the country', async () => {
    const found = await client().geocode('Place Bellecour', { culture: 'fr', countryCode: 'FR' });
    expect(found).toEqual({ label: 'Place Bellecour, Lyon, France', lat: 45.7578, lng: 4.832 });
    const asked = geocoder.requests[0];
    expect(Object.fromEntries(asked)).toEqual({ format: 'json', q: 'Place Bellecour', limit: '1', 'accept-language': 'fr', countrycodes: 'fr' });
    expect(warnings).toEqual([]);
  });

  it('suggests up to five places from three characters, and asks nothing for less', async () => {
    expect((await client().suggest('bru', { culture: 'nl' })).map((found) => found.label)).toEqual(['Grand-Place, Bruxelles, Belgique', 'Rue Neuve 1, Bruxelles, Belgique']);
    expect(await client().suggest('br', { culture: 'nl' })).toEqual([]);
    expect(geocoder.requests).toHaveLength(1);
    expect(await client().geocode('nowhere at all', { culture: 'nl' })).toBeNull();
    expect(warnings).toEqual([]);
  });

  it.each(['down', 'slow', 'garbage'] as const)('treats a service that is %s as a warning: no place, no error', async (mode) => {
    geocoder.mode = mode;
    expect(await client().geocode('Place Bellecour', { culture: 'fr' })).toBeNull();
    expect(await client().suggest('Bellecour', { culture: 'fr' })).toEqual([]);
    expect(warnings).toHaveLength(2);
  });
});

describe('GET {app}/api/v1/maps/places (the place fields’ suggestions)', () => {
  it('answers the places for the typed text', async () => {
    const answer = await get('/api/v1/maps/places?culture=de&q=Marienplatz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Places: [{ Label: 'Marienplatz, München, Deutschland', Latitude: 48.1374, Longitude: 11.5755 }] });
    expect(geocoder.requests[0].get('accept-language')).toBe('de');
  });

  it('answers no places when the geocoder is down, and a localised 400 for bad input', async () => {
    geocoder.mode = 'down';
    expect((await get('/api/v1/maps/places?q=Marienplatz')).body).toEqual({ Places: [] });
    const tooLong = await get(`/api/v1/maps/places?culture=it&q=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Errors).toEqual([{ Field: 'q', Message: resource('it', 'Maps.InvalidQuery') }]);
    expect((await get('/api/v1/maps/places?q=Dam&countryCode=NLD')).status).toBe(400);
    expect((await get('/api/v1/maps/places?q=Dam&q=Dom')).status).toBe(400);
  });
});

describe('the pickup point search by a typed address', () => {
  const brussels = { City: '', PostalCode: '', CountryCode: 'BE', Address: 'Rue Neuve 1', ShippingMethodId: null, SearchRadius: 10, MaximumListSize: 10, CultureName: 'fr' };

  async function search(body: Record<string, unknown>) {
    const { agent, token } = await visitor(testApp, '/fr/');
    return agent.post('/api/v1/shipping/static/getpickuppoints').set('X-CSRF-Token', token).send(body);
  }

  it('geocodes the address in its country and lists the nearest points first', async () => {
    const answer = await search(brussels);
    expect(answer.status).toBe(200);
    const points = answer.body.PickupPointViewModels as { PublicAccessPointID: string; Distance: number; Geocode: { Latitude: number; Longitude: number } }[];
    expect(points.length).toBeGreaterThan(1);
    const from = place('Rue Neuve');
    for (const point of points) {
      expect(point.Distance).toBeCloseTo(haversineKm(Number(from.lat), Number(from.lon), point.Geocode.Latitude, point.Geocode.Longitude), 1);
    }
    expect(points.map((point) => point.Distance)).toEqual([...points.map((point) => point.Distance)].sort((a, b) => a - b));
    expect(Object.fromEntries(geocoder.requests[0])).toMatchObject({ q: 'Rue Neuve 1', countrycodes: 'be' });
  });

  it('still lists the points by city when the geocoder fails', async () => {
    geocoder.mode = 'down';
    const answer = await search({ ...brussels, City: 'Bruxelles' });
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseStatusDescription).toBe('Success');
    expect(answer.body.PickupPointViewModels.length).toBeGreaterThan(0);
  });

  it('answers the no-JS search page with the points nearest the typed address', async () => {
    const answer = await get('/fr/shippings/pickuppoint/search?carrierGatewayId=static&countryId=BE&address=Grand-Place&city=&postCode=');
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textsOf(page, '.pickup-point-name')[0]).toBe('Night Shop Grand-Place');
    expect(attributeOf(page, '[data-place-autocomplete] input', 'name')).toBe('address');
    expect(attributeOf(page, '[data-place-autocomplete]', 'data-suggest-url')).toBe('/api/v1/maps/places?culture=fr&countryCode=BE');
  });
});

describe('the map widget with a place search and a maps key', () => {
  async function allCategories() {
    return (await testApp.db.selectFrom('project_categories').select('id').execute()).map((row) => row.id).join(',');
  }

  it('geocodes the typed place on the server and lists the projects nearest first, with their distance', async () => {
    const answer = await get(`/widget/map/projects/${await allCategories()}?culture=fr&q=${encodeURIComponent('Place Bellecour')}`);
    expect(answer.status).toBe(200);
    const fragment = parseHtml(answer.text);
    expect(textOf(fragment, '.map-near')).toContain('Place Bellecour, Lyon, France');
    expect(textsOf(fragment, '.map-place-title')[0]).toBe('Logements Confluence');
    expect(textsOf(fragment, '.map-place-distance')[0]).toMatch(/^À \d+,\d km$/);
    const config = JSON.parse(attributeOf(fragment, '[data-map]', 'data-config')!);
    expect(config.center).toEqual({ lat: 45.7578, lng: 4.832 });
  });

  it('keeps the list in its order with a notice when the place is not found or the geocoder is down', async () => {
    geocoder.mode = 'down';
    const answer = await get(`/widget/map/projects/${await allCategories()}?culture=fr&q=Bellecour`);
    expect(answer.status).toBe(200);
    const fragment = parseHtml(answer.text);
    expect(textOf(fragment, '.map-widget .notice')).toBe(resource('fr', 'Maps.PlaceNotFound'));
    expect(fragment.querySelectorAll('.map-place')).toHaveLength(9);
    expect(fragment.querySelector('.map-place-distance')).toBeNull();
  });

  it('renders the map data on the map detail: the marker (coors, title, icon, content, id), the config and the keyed tiles', async () => {
    const project = await testApp.db
      .selectFrom('project_translations as t')
      .innerJoin('projects as p', 'p.id', 't.project_id')
      .where('t.culture', '=', 'nl')
      .where('p.status', '=', 'published')
      .select(['p.id', 't.slug', 't.title', 't.summary', 'p.latitude', 'p.longitude'])
      .executeTakeFirstOrThrow();
    const page = parseHtml((await get(`/nl/projects/${project.slug}/map`)).text);
    const map = page.querySelector('[data-map]')!;
    // Hidden until the behaviour shows it (the list of places stands alone without JavaScript).
    expect(map.hasAttribute('hidden')).toBe(true);
    expect(map.getAttribute('data-tiles')).toContain(`key=${KEY}`);
    const [marker] = JSON.parse(map.getAttribute('data-markers')!);
    expect(marker).toMatchObject({ id: `project-${project.id}`, coors: { lat: project.latitude, lng: project.longitude }, title: project.title, content: project.summary });
    expect(marker.icon).toMatch(/^\/assets\/\d+\/80x80\//);
    expect(JSON.parse(map.getAttribute('data-config')!)).toMatchObject({ zoom: 13, mapType: 'roadmap', zoomControl: true, fitBounds: false });
  });
});
