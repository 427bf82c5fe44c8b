// Pickup points: POST {app}/api/v1/shipping/{carrier}/getpickuppoints (section 3's request and answer
// fields), the search modal page, and POST {app}/api/v1/shoppingcarts/externalpickuppoint (the saved
// payload on the cart, through the cart helper's setCartPickupPoint).
import request from 'supertest';
import { haversineKm } from '../../server/pickup/carriers';
import { useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';
import { resource } from '../support/resources';
import { cookieOf, visitor } from './accounts-helpers';

const testApp = useTestApp();

const POINT_FIELDS = [
  'PublicAccessPointID', 'ConsigneeName', 'Address', 'PostCode', 'City', 'CountryId', 'PhoneNumber', 'Distance', 'Geocode',
  'ImageURL', 'Comments', 'StandardHoursOfOperation', 'Informations', 'LatestAirDropOffTime', 'AdditionalChargeIndicator',
  'SpecialInstructions', 'AdditionalComments', 'PickupPointType',
];

async function search(body: Record<string, unknown>, carrier = 'static') {
  const { agent, token } = await visitor(testApp, '/fr/');
  return agent.post(`/api/v1/shipping/${carrier}/getpickuppoints`).set('X-CSRF-Token', token).send(body);
}

const paris = { City: 'Paris', PostalCode: '75002', CountryCode: 'FR', Address: '', ShippingMethodId: null, SearchRadius: 10, MaximumListSize: 10, CultureName: 'fr' };

async function pickupMethodId(): Promise<number> {
  const method = await testApp.db.selectFrom('shipping_methods').select('id').where('carrier', '=', 'static').executeTakeFirstOrThrow();
  return method.id;
}

describe('POST /api/v1/shipping/{carrier}/getpickuppoints', () => {
  test('answers Success and every field of each point, nearest first, all within the radius', async () => {
    const answer = await search(paris);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['PickupPointViewModels', 'ResponseStatusDescription']);
    expect(answer.body.ResponseStatusDescription).toBe('Success');
    const points = answer.body.PickupPointViewModels as Record<string, unknown>[];
    expect(points.length).toBe(4);
    for (const point of points) {
      expect(Object.keys(point).sort()).toEqual([...POINT_FIELDS].sort());
      expect(point.CountryId).toBe('FR');
      expect(point.City).toBe('Paris');
      expect(Object.keys(point.Geocode as object).sort()).toEqual(['Latitude', 'Longitude']);
      expect((point.StandardHoursOfOperation as string).split(';')).toHaveLength(7);
      expect(point.Distance as number).toBeLessThanOrEqual(10);
    }
    const distances = points.map((point) => point.Distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The postal code 75002 holds one point: it is the searched place, 0 km away.
    expect(points[0]).toMatchObject({ PublicAccessPointID: 'FR-PAR-001', ConsigneeName: 'Tabac de la Bourse', PostCode: '75002', Distance: 0 });
    expect(points[0].Geocode).toEqual({ Latitude: 48.8683, Longitude: 2.3397 });
  });

  test('the distance is the great-circle distance from the searched place', async () => {
    const answer = await search(paris);
    const lyonStation = answer.body.PickupPointViewModels.find((point: { PublicAccessPointID: string }) => point.PublicAccessPointID === 'FR-PAR-003');
    expect(lyonStation.Distance).toBeCloseTo(haversineKm(48.8683, 2.3397, 48.8443, 2.3744), 2);
    expect(haversineKm(48.8566, 2.3522, 50.8503, 4.3517)).toBeGreaterThan(260);
    expect(haversineKm(48.8566, 2.3522, 50.8503, 4.3517)).toBeLessThan(270);
  });

  test('SearchRadius leaves out farther points and MaximumListSize cuts the list', async () => {
    const near = await search({ ...paris, SearchRadius: 1.5 });
    expect(near.body.ResponseStatusDescription).toBe('Success');
    expect(near.body.PickupPointViewModels.map((point: { PublicAccessPointID: string }) => point.PublicAccessPointID)).toEqual(['FR-PAR-001']);
    const two = await search({ ...paris, MaximumListSize: 2 });
    expect(two.body.PickupPointViewModels.map((point: { PublicAccessPointID: string }) => point.PublicAccessPointID)).toEqual(['FR-PAR-001', 'FR-PAR-002']);
    // A city name (accents and case ignored) places the search at the centre of that city's points.
    const liege = await search({ City: 'LIEGE', CountryCode: 'be', SearchRadius: 5, MaximumListSize: 10 });
    expect(liege.body.PickupPointViewModels.map((point: { City: string }) => point.City)).toEqual(['Liège']);
    // Another country's points never show: Brussels is searched in Belgium only.
    const brussels = await search({ City: 'Bruxelles', CountryCode: 'BE', SearchRadius: 100, MaximumListSize: 50 });
    expect(new Set(brussels.body.PickupPointViewModels.map((point: { CountryId: string }) => point.CountryId))).toEqual(new Set(['BE']));
    // Liège is 90 km from Brussels: all six Belgian points are within 100 km.
    expect(brussels.body.PickupPointViewModels.length).toBe(6);
    expect(brussels.body.PickupPointViewModels[5].City).toBe('Liège');
  });

  test('a place with no point near it is Success with an empty list', async () => {
    const answer = await search({ ...paris, City: 'Nowhere', PostalCode: '99999' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ResponseStatusDescription: 'Success', PickupPointViewModels: [] });
  });

  test('an unknown carrier or bad input is not Success, with a clear message, and never 500', async () => {
    const unknown = await search(paris, 'teleport');
    expect(unknown.status).toBe(404);
    expect(unknown.body.ResponseStatusDescription).not.toBe('Success');
    expect(unknown.body.PickupPointViewModels).toEqual([]);
    expect(unknown.body.Message).toBe('Ce transporteur ne propose pas de points relais.');

    for (const [body, field] of [
      [{ ...paris, CountryCode: 'France' }, 'CountryCode'],
      [{ ...paris, SearchRadius: 'far' }, 'SearchRadius'],
      [{ ...paris, SearchRadius: -3 }, 'SearchRadius'],
      [{ ...paris, MaximumListSize: 1.5 }, 'MaximumListSize'],
      [{ ...paris, MaximumListSize: 1000 }, 'MaximumListSize'],
      [{ ...paris, City: '', PostalCode: '' }, 'City'],
      [{ ...paris, City: ['x'] }, 'City'],
      [{ ...paris, ShippingMethodId: 99999999999 }, 'ShippingMethodId'],
      [{ ...paris, ShippingMethodId: 'abc' }, 'ShippingMethodId'],
      [{ ...paris, ShippingMethodId: 1.5 }, 'ShippingMethodId'],
    ] as const) {
      const answer = await search(body as Record<string, unknown>);
      expect(answer.status).toBe(400);
      expect(answer.body.ResponseStatusDescription).toBe('InvalidRequest');
      expect(answer.body.Errors.map((error: { Field: string }) => error.Field)).toContain(field);
      expect(answer.body.Errors[0].Message).toBe("Cette valeur n'est pas valide.");
    }
  });

  test('without the CSRF token the search is refused', async () => {
    const answer = await request(testApp.app).post('/api/v1/shipping/static/getpickuppoints').send(paris);
    expect(answer.status).toBe(403);
  });
});

describe('the search modal page', () => {
  test('lists the points nearest first, each a form with the choose button, and a directions link without a maps key', async () => {
    const country = await testApp.db.selectFrom('countries').select('id').where('code', '=', 'NL').executeTakeFirstOrThrow();
    const methodId = await pickupMethodId();
    const page = await request(testApp.app).get(
      `/nl/shippings/pickuppoint/search?shippingMethodId=${methodId}&carrierGatewayId=static&countryId=${country.id}&city=Amsterdam&postCode=&address=Damstraat`,
    );
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const html = parseHtml(page.text);
    expect(html.querySelector('h1')!.text).toBe('Kies een afhaalpunt');
    const items = html.querySelectorAll('[data-pickup-point]');
    expect(items.map((item) => item.querySelector('.pickup-point-name')!.text)).toEqual(['Tabakszaak Dam', 'Pakketautomaat Centraal', 'Boekwinkel Jordaan']);
    const form = items[0].querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/api/v1/shoppingcarts/externalpickuppoint');
    expect(form.querySelector('[name=PickupPointId]')!.getAttribute('value')).toMatch(/^\d+$/);
    expect(form.querySelector('[name=ShippingMethodId]')!.getAttribute('value')).toBe(String(methodId));
    // The same token as the page's own, so the no-JS post passes CSRF.
    expect(form.querySelector('[name=_csrf]')!.getAttribute('value')).toBe(csrfTokenOf(html));
    expect(form.querySelector('.pickup-point-directions')!.getAttribute('href')).toContain('openstreetmap.org/directions');
    expect(html.querySelector('[data-pickup]')!.getAttribute('data-search-radius')).toBe('10');
    expect(JSON.parse(items[0].getAttribute('data-pickup-point')!)).toMatchObject({ PublicAccessPointID: 'NL-AMS-001', PickupPointId: expect.any(Number) });
  });

  test('ids out of range or not whole numbers in the address never make a 500', async () => {
    for (const query of ['countryId=99999999999&city=Paris', 'countryId=1.5&city=Paris', 'countryId=abc&city=Paris', 'shippingMethodId=99999999999&countryId=FR&city=Paris']) {
      const page = await request(testApp.app).get(`/fr/shippings/pickuppoint/search?${query}`);
      expect(page.status).toBe(200);
    }
  });

  test('an unknown carrier shows the error, not a list', async () => {
    const page = await request(testApp.app).get('/fr/shippings/pickuppoint/search?carrierGatewayId=teleport&countryId=FR&city=Paris');
    expect(page.status).toBe(200);
    const html = parseHtml(page.text);
    expect(html.querySelector('[data-pickup-status]')!.text).toBe('Une erreur est survenue');
    expect(html.querySelectorAll('[data-pickup-point]')).toHaveLength(0);
  });
});

describe('POST /api/v1/shoppingcarts/externalpickuppoint', () => {
  async function staticPoint(publicId: string) {
    return testApp.db.selectFrom('pickup_points').selectAll().where('public_access_point_id', '=', publicId).executeTakeFirstOrThrow();
  }

  test('saves the saved-pickup-point payload on the visitor cart, the point read from the carrier, not the post', async () => {
    const { agent, token } = await visitor(testApp, '/fr/');
    const point = await staticPoint('DE-BER-001');
    const methodId = await pickupMethodId();
    const answer = await agent.post('/api/v1/shoppingcarts/externalpickuppoint').set('X-CSRF-Token', token).send({
      ShippingFirstName: 'Ada',
      ShippingLastName: 'Lovelace',
      ShippingMethodId: methodId,
      PickupPointId: point.id,
      PublicAccessPointID: 'DE-BER-001',
      ConsigneeName: 'Somewhere else',
      Address: '1 Fake Street',
      Distance: 1.23,
    });
    expect(answer.status).toBe(200);
    const germany = await testApp.db.selectFrom('countries').select('id').where('code', '=', 'DE').executeTakeFirstOrThrow();
    const expected = {
      ShippingFirstName: 'Ada',
      ShippingLastName: 'Lovelace',
      ShippingMethodId: methodId,
      PickupPointName: 'Späti am Hackeschen Markt',
      ShippingStreet1: 'Rosenthaler Straße 40',
      ShippingPostalCode: '10178',
      ShippingCity: 'Berlin',
      ShippingCountryId: germany.id,
      ShippingPhoneNumber: '+49 30 2804 3311',
      PublicAccessPointID: 'DE-BER-001',
      ConsigneeName: 'Späti am Hackeschen Markt',
      Address: 'Rosenthaler Straße 40',
      Distance: 1.23,
      ExternalPickupPointRef: 'DE-BER-001',
      PickupPointId: point.id,
    };
    expect(answer.body).toMatchObject(expected);
    for (const field of POINT_FIELDS) expect(answer.body).toHaveProperty(field);
    const cartCookie = cookieOf(answer, 'cart')!.split(';')[0].split('=')[1];
    const cart = await testApp.db.selectFrom('carts').select('pickup_point').where('token', '=', decodeURIComponent(cartCookie)).executeTakeFirstOrThrow();
    expect(JSON.parse(cart.pickup_point!)).toEqual(answer.body);
  });

  test('bad input answers 400 with the field and saves nothing', async () => {
    const { agent, token } = await visitor(testApp, '/fr/');
    const point = await staticPoint('FR-LIL-001');
    const methodId = await pickupMethodId();
    const other = await testApp.db.selectFrom('shipping_methods').select('id').where('carrier', '=', 'none').executeTakeFirstOrThrow();
    const before = await testApp.db.selectFrom('carts').select((eb) => eb.fn.countAll<number>().as('n')).where('pickup_point', 'is not', null).executeTakeFirstOrThrow();
    for (const [body, field, key] of [
      [{ ShippingMethodId: methodId, PickupPointId: 999999 }, 'PickupPointId', 'Shippings.PickupPoint.UnknownPoint'],
      [{ ShippingMethodId: methodId, PickupPointId: point.id, PublicAccessPointID: 'FR-PAR-001' }, 'PickupPointId', 'Shippings.PickupPoint.UnknownPoint'],
      [{ ShippingMethodId: methodId }, 'PickupPointId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: 'abc', PickupPointId: point.id }, 'ShippingMethodId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: other.id, PickupPointId: point.id }, 'ShippingMethodId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: methodId, PickupPointId: point.id, ShippingFirstName: 'x'.repeat(101) }, 'ShippingFirstName', 'Shippings.PickupPoint.Invalid'],
      // Out of range or not whole numbers: 400, never 500 (PostgreSQL's integer columns stop at 2^31 - 1).
      [{ ShippingMethodId: methodId, PickupPointId: 99999999999 }, 'PickupPointId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: methodId, PickupPointId: '99999999999' }, 'PickupPointId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: methodId, PickupPointId: 'abc' }, 'PickupPointId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: methodId, PickupPointId: 1.5 }, 'PickupPointId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: 99999999999, PickupPointId: point.id }, 'ShippingMethodId', 'Shippings.PickupPoint.Invalid'],
      [{ ShippingMethodId: '1.5', PickupPointId: point.id }, 'ShippingMethodId', 'Shippings.PickupPoint.Invalid'],
    ] as const) {
      const answer = await agent.post('/api/v1/shoppingcarts/externalpickuppoint').set('X-CSRF-Token', token).send(body);
      expect(answer.status).toBe(400);
      expect(answer.body.Errors.map((error: { Field: string }) => error.Field)).toEqual([field]);
      expect(answer.body.Errors[0].Message).toBe(resource('fr', key));
    }
    const after = await testApp.db.selectFrom('carts').select((eb) => eb.fn.countAll<number>().as('n')).where('pickup_point', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('a point whose country the countries table lacks is refused: ShippingCountryId is always the numeric id', async () => {
    const { agent, token } = await visitor(testApp, '/fr/');
    const source = await staticPoint('FR-LIL-001');
    const { id: _id, ...fields } = source;
    const inserted = await testApp.db.insertInto('pickup_points').values({ ...fields, public_access_point_id: 'ZZ-NOW-001', country_id: 'ZZ' }).returning('id').executeTakeFirstOrThrow();
    const answer = await agent.post('/api/v1/shoppingcarts/externalpickuppoint').set('X-CSRF-Token', token)
      .send({ ShippingMethodId: await pickupMethodId(), PickupPointId: inserted.id, PublicAccessPointID: 'ZZ-NOW-001' });
    expect(answer.status).toBe(400);
    expect(answer.body.Errors.map((error: { Field: string }) => error.Field)).toEqual(['PickupPointId']);
    const saved = await agent.post('/api/v1/shoppingcarts/externalpickuppoint').set('X-CSRF-Token', token).send({ ShippingMethodId: await pickupMethodId(), PickupPointId: source.id });
    expect(saved.status).toBe(200);
    expect(typeof saved.body.ShippingCountryId).toBe('number');
  });

  test('without JS the list item form saves the point and redirects back with a notice', async () => {
    const methodId = await pickupMethodId();
    const agent = request.agent(testApp.app);
    const page = await agent.get(`/fr/shippings/pickuppoint/search?shippingMethodId=${methodId}&countryId=FR&city=Lyon&returnUrl=%2Ffr%2Fcheckout`);
    const form = parseHtml(page.text).querySelector('[data-pickup-point] form')!;
    const fields = Object.fromEntries(form.querySelectorAll('input[type=hidden]').map((input) => [input.getAttribute('name')!, input.getAttribute('value') ?? '']));
    const answer = await agent.post(form.getAttribute('action')!).type('form').send(fields);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/checkout');
    const token = decodeURIComponent(cookieOf(answer, 'cart')!.split(';')[0].split('=')[1]);
    const cart = await testApp.db.selectFrom('carts').select('pickup_point').where('token', '=', token).executeTakeFirstOrThrow();
    expect(JSON.parse(cart.pickup_point!)).toMatchObject({ PublicAccessPointID: 'FR-LYS-001', ShippingCity: 'Lyon', PickupPointId: Number(fields.PickupPointId) });
    const next = await agent.get('/fr/');
    expect(next.text).toContain('Le point relais a été enregistré.');
  });
});
