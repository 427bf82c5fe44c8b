import request from 'supertest';
import { cultures } from '../../server/config';
import { useTestApp } from '../support/app';
import { parseHtml } from '../support/html';

const testApp = useTestApp();

describe('products sitemap', () => {
  it('is an index of sitemap files', async () => {
    const answer = await request(testApp.app).get('/sitemap-products.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const index = parseHtml(answer.text);
    const locations = index.querySelectorAll('sitemap loc').map((loc) => loc.text);
    expect(locations.length).toBeGreaterThanOrEqual(1);
    expect(locations[0]).toMatch(/^http:\/\/[^/]+\/sitemap-products-1\.xml$/);
  });

  it('lists every active product in every culture, with the other cultures as alternates', async () => {
    const active = await testApp.db.selectFrom('products').select('id').where('is_active', '=', 1).execute();
    const inactive = await testApp.db.selectFrom('products').select('id').where('is_active', '=', 0).execute();
    const pages = parseHtml((await request(testApp.app).get('/sitemap-products.xml')).text).querySelectorAll('sitemap loc').length;
    const locs: string[] = [];
    let firstEntry;
    for (let page = 1; page <= pages; page++) {
      const answer = await request(testApp.app).get(`/sitemap-products-${page}.xml`);
      expect(answer.status).toBe(200);
      const urlset = parseHtml(answer.text);
      firstEntry ??= urlset.querySelector('url');
      locs.push(...urlset.querySelectorAll('url > loc').map((loc) => new URL(loc.text).pathname));
    }
    expect(locs).toHaveLength(active.length * cultures.length);
    const ids = new Set(locs.map((path) => Number(path.split('/')[4])));
    expect(ids.size).toBe(active.length);
    for (const { id } of inactive) expect(ids.has(id)).toBe(false);
    expect(firstEntry!.querySelectorAll('xhtml\\:link').map((link) => link.getAttribute('hreflang'))).toEqual([...cultures]);
  });

  it('answers 404 beyond the last file', async () => {
    expect((await request(testApp.app).get('/sitemap-products-999.xml')).status).toBe(404);
    expect((await request(testApp.app).get('/sitemap-products-x.xml')).status).toBe(404);
  });
});
