// The project pages and the maps' moving parts through axe-core (with and without JavaScript) and the
// Nu HTML Checker, with a maps key and a geocoder configured: the map shown over keyed tiles, the
// widget fragments, and a place field with its suggestions open. (test/e2e/page-checks.test.ts runs the
// page types without a key.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type GeocoderServer, startGeocoderServer } from '../support/geocoder-server';
import { axeViolations, vnuErrors } from '../support/page-checks';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const env: Record<string, string> = {};
let tileServer: Server;
let geocoder: GeocoderServer;

beforeAll(async () => {
  tileServer = createServer((req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
  geocoder = await startGeocoderServer();
  const { port } = tileServer.address() as AddressInfo;
  Object.assign(env, { MAPS_API_KEY: 'checks-key', MAPS_TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png?key={key}`, GEOCODER_URL: geocoder.url });
});
afterAll(async () => {
  await geocoder.close();
  await new Promise((resolve) => tileServer.close(resolve));
});

const bed = useBrowserTestBed(env);
jest.setTimeout(120_000);

async function paths(): Promise<string[]> {
  const { db } = bed.server;
  const project = await db
    .selectFrom('projects as p')
    .innerJoin('project_translations as t', 't.project_id', 'p.id')
    .innerJoin('project_category_translations as c', (join) => join.onRef('c.category_id', '=', 'p.category_id').on('c.culture', '=', 'nl'))
    .select(['t.slug', 'c.slug as categorySlug', 'p.category_id'])
    .where('t.culture', '=', 'nl')
    .where('p.status', '=', 'published')
    .orderBy('p.position')
    .executeTakeFirstOrThrow();
  return ['/nl/projects', `/nl/projects/category/${project.categorySlug}`, `/nl/projects/${project.slug}`, `/nl/projects/${project.slug}/map`];
}

async function visit(path: string, javaScript: boolean) {
  const opened = await openPage(bed.browser, `${bed.server.url}${path}`, { javaScript, intent: false });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

describe('the project pages with a maps key', () => {
  for (const javaScript of [true, false]) {
    it(`have no axe-core finding ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
      const found: string[] = [];
      for (const path of await paths()) {
        const { page, context } = await visit(path, javaScript);
        if (javaScript && path.endsWith('/map')) await page.locator('[data-map] .map-marker').first().waitFor();
        found.push(...(await axeViolations(page, { javaScript })).map((line) => `${path}: ${line}`));
        await context.close();
      }
      expect(found).toEqual([]);
    });
  }

  it('have no axe-core finding with a place field’s suggestions open', async () => {
    const { page, context } = await visit('/fr/shippings/pickuppoint/search?carrierGatewayId=static&countryId=BE&city=Bruxelles&postCode=&address=', true);
    await page.locator('#pickup-address').pressSequentially('Bruxelles', { delay: 20 });
    await page.locator('#pickup-address-suggestions [role="option"]').first().waitFor();
    await page.locator('#pickup-address').press('ArrowDown');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('and the widgets’ fragments are valid HTML for the Nu checker', async () => {
    const documents = [];
    for (const path of await paths()) documents.push({ name: path, html: await (await fetch(`${bed.server.url}${path}`)).text() });
    const categories = (await bed.server.db.selectFrom('project_categories').select('id').execute()).map((row) => row.id).join(',');
    for (const path of [`/widget/projects/grid/${categories}?culture=fr`, `/widget/map/projects/${categories}?culture=fr&q=Bellecour`]) {
      const fragment = await (await fetch(`${bed.server.url}${path}`)).text();
      documents.push({ name: path, html: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>widget</title></head><body>${fragment}</body></html>` });
    }
    const found = await vnuErrors(documents);
    expect(found).toEqual([]);
  });
});
