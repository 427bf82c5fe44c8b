// Projects and maps in Chromium: the detail's gallery laid out by masonry once its lazy pictures load,
// the same gallery readable without JavaScript, the map detail with a maps key (a local tile server
// stands in for the provider) showing the project's marker at zoom 13 with the zoom control at
// left-centre and the directions link, and a place field suggesting places as one types (a local
// Nominatim-shaped geocoder), chosen with the keyboard and searched like the no-JS form.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { type GeocoderServer, startGeocoderServer } from '../support/geocoder-server';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const KEY = 'e2e-projects-key';
const env: Record<string, string> = {};
const tileRequests: string[] = [];
let tileServer: Server;
let geocoder: GeocoderServer;

beforeAll(async () => {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dde6d5' } }).png().toBuffer();
  tileServer = createServer((req, res) => {
    tileRequests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).end(tile);
  });
  await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
  geocoder = await startGeocoderServer();
  const { port } = tileServer.address() as AddressInfo;
  // Read by the test bed's beforeAll, which runs after this one.
  Object.assign(env, { MAPS_API_KEY: KEY, MAPS_TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png?key={key}`, GEOCODER_URL: geocoder.url });
});
afterAll(async () => {
  await geocoder.close();
  tileServer.closeAllConnections();
  await new Promise((resolve) => tileServer.close(resolve));
});

const bed = useBrowserTestBed(env);
jest.setTimeout(60_000);

async function project(culture = 'fr', index = 0) {
  return bed.server.db
    .selectFrom('projects as p')
    .innerJoin('project_translations as t', 't.project_id', 'p.id')
    .where('t.culture', '=', culture)
    .where('p.status', '=', 'published')
    .orderBy('p.position')
    .select(['p.id', 't.slug', 't.title', 'p.latitude', 'p.longitude'])
    .limit(1)
    .offset(index)
    .executeTakeFirstOrThrow();
}

async function opened(path: string, javaScript = true) {
  const opened = await openPage(bed.browser, `${bed.server.url}${path}`, { javaScript, intent: false });
  opened.page.setDefaultTimeout(10_000);
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

describe('a project’s gallery', () => {
  it('loads its lazy pictures and lays them out as a masonry, again as they load', async () => {
    const { slug } = await project('fr', 4);
    const { page, context, errors } = await opened(`/fr/projects/${slug}`);
    const grid = page.locator('[data-projects-gallery]');
    await grid.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-projects-gallery] img.lozad')].every((image) => image.complete && image.naturalWidth > 1));
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-projects-gallery]')?.dataset.layouts ?? '0') >= 1);
    expect(await grid.getAttribute('class')).toContain('is-masonry');
    // Two pictures of the first row turn tall (a load event each): one layout again, after the 200 ms debounce.
    const before = Number(await grid.getAttribute('data-layouts'));
    await grid.locator('.projects-gallery-item img.lozad').evaluateAll((images) => {
      for (const image of images.slice(0, 2) as HTMLImageElement[]) {
        const tall = image.src.replace(/\/\d+x\d+\//, '/400x500/');
        image.removeAttribute('srcset');
        image.removeAttribute('height');
        image.src = tall;
      }
    });
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-projects-gallery] img.lozad')].every((image) => image.complete && image.naturalWidth > 1));
    // Then until no layout came for 600 ms (three debounce windows): the last load's layout is in.
    const after = await page.evaluate(async () => {
      const layouts = () => Number(document.querySelector<HTMLElement>('[data-projects-gallery]')!.dataset.layouts);
      let [last, since] = [layouts(), performance.now()];
      while (performance.now() - since < 600) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (layouts() !== last) [last, since] = [layouts(), performance.now()];
      }
      return last;
    });
    // Laid out again, at most once per load: one layout when both loads fall in one 200 ms window, which a
    // loaded machine may spread over two.
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThanOrEqual(before + 2);
    const boxes = await grid.locator('.projects-gallery-item').evaluateAll((items) =>
      items.map((item) => ({ position: getComputedStyle(item).position, ...item.getBoundingClientRect().toJSON() })),
    );
    expect(boxes.length).toBe(6);
    expect(boxes.every((box) => box.position === 'absolute')).toBe(true);
    // Three columns, and pictures of different shapes: the columns do not end level.
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(3);
    const bottoms = [0, 1, 2].map((column) => Math.max(...boxes.filter((_, index) => index % 3 === column).map((box) => box.bottom)));
    expect(new Set(bottoms.map(Math.round)).size).toBeGreaterThan(1);
    // No overlap.
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every picture and the directions link without JavaScript', async () => {
    const { slug, latitude, longitude } = await project('de', 2);
    const { page, context } = await opened(`/de/projects/${slug}`, false);
    const pictures = page.locator('.projects-gallery-item img[loading="lazy"]');
    expect(await pictures.count()).toBe(5);
    await pictures.last().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.projects-gallery-item img[loading="lazy"]')].every((image) => image.complete && image.naturalWidth > 1));
    expect(await page.locator('a.project-directions').getAttribute('href')).toBe(`https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`);
    await context.close();
  });
});

describe('the map detail with a maps key', () => {
  it('shows the project’s marker at zoom 13 on keyed tiles, the zoom control at left-centre, and the directions link', async () => {
    const { slug, title, latitude, longitude } = await project('it', 1);
    const { page, context, errors } = await opened(`/it/projects/${slug}/map`);
    const map = page.locator('[data-map]');
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await map.isVisible()).toBe(true);
    const markers = map.locator('.map-marker');
    expect(await markers.count()).toBe(1);
    expect(await markers.first().getAttribute('title')).toBe(title);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((url) => url.startsWith('/tiles/13/') && url.endsWith(`?key=${KEY}`))).toBe(true);
    const mapBox = (await map.boundingBox())!;
    const zoomBox = (await map.locator('.leaflet-control-zoom').boundingBox())!;
    expect(Math.abs(zoomBox.y + zoomBox.height / 2 - (mapBox.y + mapBox.height / 2))).toBeLessThan(4);
    expect(zoomBox.x - mapBox.x).toBeLessThan(20);
    expect(await map.locator('.leaflet-control-zoom-in').getAttribute('title')).toBe('Ingrandisci');
    await markers.first().click();
    expect(await map.locator('.map-popup strong').textContent()).toBe(title);
    expect(await page.locator('.map-place-directions').getAttribute('href')).toBe(`https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript lists the place, its address and directions link, and no map', async () => {
    const { slug, title } = await project('pt', 3);
    const { page, context } = await opened(`/pt/projects/${slug}/map`, false);
    expect(await page.locator('.map-place-title').textContent()).toBe(title);
    expect(await page.locator('[data-map]').isVisible()).toBe(false);
    expect(await page.locator('.map-place-directions').isVisible()).toBe(true);
    await context.close();
  });
});

describe('a place field', () => {
  it('suggests places as one types, takes one with the keyboard, and the search lists the nearest points', async () => {
    const { page, context, errors } = await opened('/fr/shippings/pickuppoint/search?carrierGatewayId=static&countryId=BE&city=&postCode=&address=');
    const input = page.locator('#pickup-address');
    await input.focus();
    await input.pressSequentially('Grand', { delay: 30 });
    const options = page.locator('#pickup-address-suggestions [role="option"]');
    await options.first().waitFor();
    expect(await input.getAttribute('role')).toBe('combobox');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await options.allTextContents()).toEqual(['Grand-Place, Bruxelles, Belgique']);
    expect(await page.locator('#pickup-address-status').textContent()).toContain('1');
    await input.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe('pickup-address-suggestions-0');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('Grand-Place, Bruxelles, Belgique');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await Promise.all([page.waitForURL(/address=Grand-Place/), input.press('Enter')]);
    await page.locator('.pickup-point-name').first().waitFor();
    expect(await page.locator('.pickup-point-name').first().textContent()).toBe('Night Shop Grand-Place');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests the places for what was typed before its script arrived (a slow network)', async () => {
    const { page, context, errors } = await opened('/fr/shippings/pickuppoint/search?carrierGatewayId=static&countryId=BE&city=&postCode=&address=');
    // The field's module is held on its way until the whole word is typed, as a weak signal holds it.
    const held: Array<() => Promise<void>> = [];
    await page.route('**/chunks/map-autocomplete-*.js', (route) => void held.push(() => route.continue()));
    const input = page.locator('#pickup-address');
    await input.focus();
    await input.pressSequentially('Grand', { delay: 30 });
    for (const deadline = Date.now() + 10_000; held.length === 0 && Date.now() < deadline; ) await page.waitForTimeout(50);
    expect(held).toHaveLength(1);
    expect(await input.getAttribute('role')).toBeNull();
    await held[0]();
    const options = page.locator('#pickup-address-suggestions [role="option"]');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Grand-Place, Bruxelles, Belgique']);
    expect(await input.inputValue()).toBe('Grand');
    expect(errors).toEqual([]);
    await context.close();
  });
});
