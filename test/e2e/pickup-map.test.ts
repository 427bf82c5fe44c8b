// The pickup map in Chromium, with a maps key and a local tile server standing in for the provider:
// the map shows beside the list, centred on the nearest point at zoom 13, its tiles asked with the key
// (and let through by the CSP), one numbered marker per point; a marker selects its point and its popup's
// choose button saves that point like the list's; 'show on map' opens a point's popup; in the modal the
// map sizes itself to the dialog. No console error (a CSP refusal would be one) anywhere.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const KEY = 'e2e-maps-key';
const env: Record<string, string> = {};
const tileRequests: string[] = [];
let tileServer: Server;

beforeAll(async () => {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dde6d5' } }).png().toBuffer();
  tileServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    tileRequests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).end(tile);
  });
  await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
  const { port } = tileServer.address() as AddressInfo;
  // Read by the test bed's beforeAll, which runs after this one.
  Object.assign(env, { MAPS_API_KEY: KEY, MAPS_TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png?key={key}` });
});
afterAll(() => {
  tileServer.closeAllConnections();
  return new Promise((resolve) => tileServer.close(resolve));
});

const bed = useBrowserTestBed(env);

const PARIS = 'carrierGatewayId=static&countryId=FR&city=Paris&postCode=75002&address=';

async function opened(path: string) {
  const page = await openPage(bed.browser, `${bed.server.url}${path}`);
  page.page.setDefaultTimeout(8000);
  await withConsentAnswered(page.context, bed.server.url);
  await page.page.reload();
  await waitForShell(page.page);
  return page;
}

describe('the pickup map with a maps key', () => {
  it('shows the points as numbered markers on tiles asked with the key; a marker chooses its point', async () => {
    const method = await bed.server.db.selectFrom('shipping_methods').select('id').where('carrier', '=', 'static').executeTakeFirstOrThrow();
    const { page, context, errors } = await opened(`/fr/shippings/pickuppoint/search?shippingMethodId=${method.id}&${PARIS}`);
    const map = page.locator('[data-pickup-map]');
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await map.isVisible()).toBe(true);
    expect(await map.locator('.pickup-marker').allTextContents()).toEqual(['1', '2', '3', '4']);
    expect(await map.locator('.pickup-marker').evaluateAll((markers) => markers.map((marker) => marker.getAttribute('title')))).toEqual([
      'Tabac de la Bourse', 'Librairie du Marais', 'Pressing Montparnasse', 'Consigne Gare de Lyon',
    ]);
    // Zoom 13, with the key, from the configured server; the localised zoom buttons.
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((url) => url.startsWith('/tiles/13/') && url.endsWith(`?key=${KEY}`))).toBe(true);
    expect(await map.locator('.leaflet-control-zoom-in').getAttribute('title')).toBe('Zoom avant');
    expect(await map.locator('.leaflet-control-attribution').textContent()).toContain('© MapTiler © OpenStreetMap contributors');
    // No English tooltip of Leaflet's own on the credit line.
    expect(await map.locator('.leaflet-control-attribution [title]').count()).toBe(0);
    // The nearest point (the searched post code's) is the map's centre.
    const centre = await map.boundingBox();
    const first = await map.locator('.pickup-marker').first().boundingBox();
    expect(Math.abs(first!.x + first!.width / 2 - (centre!.x + centre!.width / 2))).toBeLessThan(2);
    expect(Math.abs(first!.y + first!.height / 2 - (centre!.y + centre!.height / 2))).toBeLessThan(2);

    await map.locator('.pickup-marker', { hasText: '2' }).click();
    const popup = map.locator('.leaflet-popup');
    await popup.waitFor();
    expect(await popup.locator('strong').textContent()).toBe('Librairie du Marais');
    expect(await popup.locator('.leaflet-popup-close-button').getAttribute('aria-label')).toBe('Fermer');
    expect(await page.locator('.pickup-point.is-selected .pickup-point-name').textContent()).toBe('Librairie du Marais');

    await Promise.all([page.waitForEvent('load'), popup.getByRole('button', { name: 'Choisir ce point' }).click()]);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'cart')!;
    const cart = await bed.server.db.selectFrom('carts').select('pickup_point').where('token', '=', decodeURIComponent(cookie.value)).executeTakeFirstOrThrow();
    expect(JSON.parse(cart.pickup_point!)).toMatchObject({ PickupPointName: 'Librairie du Marais', ShippingMethodId: method.id });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in the modal, the map fills its place beside the list and "show on map" opens a point', async () => {
    const { page, context, errors } = await opened('/fr/catalog');
    await page.evaluate((href) => {
      document.getElementById('page')!.insertAdjacentHTML('beforeend', `<p><a id="pickup-link" data-pickup="open" href="${href}">pickup</a></p>`);
    }, `/fr/shippings/pickuppoint/search?${PARIS}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('#pickup-link').click();
    const dialog = page.locator('#modal-root dialog.modal');
    const map = dialog.locator('[data-pickup-map]');
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    const box = (await map.boundingBox())!;
    const list = (await dialog.locator('[data-pickup-list]').boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.height).toBeGreaterThan(200);
    expect(list.x).toBeGreaterThan(box.x + box.width - 1);
    // The map's own size, not the size it had before the dialog laid out: the tiles cover it.
    const size = await map.locator('.leaflet-container').or(map).first().evaluate((element) => ({ width: element.clientWidth }));
    expect(size.width).toBe(Math.round(box.width));

    const third = dialog.locator('.pickup-point').nth(2);
    await third.getByRole('button', { name: 'Voir sur la carte' }).click();
    await map.locator('.leaflet-popup strong', { hasText: 'Pressing Montparnasse' }).waitFor();
    expect(await third.getAttribute('class')).toContain('is-selected');
    expect(errors).toEqual([]);
    await context.close();
  });
});
