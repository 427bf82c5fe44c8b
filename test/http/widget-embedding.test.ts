import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../server/config';
import { useListeningServer, useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { stockedVariant } from './checkout-helpers';

const partner = 'https://partner.example';
const testApp = useTestApp({ WIDGET_ORIGINS: `${partner}, http://127.0.0.1:4100` });
const get = (path: string) => request(testApp.app).get(path);
// One Host for every request of the page cache test below (kept answers are keyed by it).
const listening = useListeningServer(testApp);

const varies = (answer: request.Response) => String(answer.headers.vary ?? '').split(/\s*,\s*/).map((name) => name.toLowerCase());

async function faqIds(): Promise<string> {
  const rows = await testApp.db.selectFrom('faq_categories').select('id').where('status', '=', 'published').orderBy('position').limit(2).execute();
  return rows.map((row) => row.id).join(',');
}

async function productId(): Promise<number> {
  return (await testApp.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
}

describe('CORS on widget fragments', () => {
  it('echoes an allowed origin, with Vary: Origin and never credentials', async () => {
    const answer = await get(`/widget/faq/${await faqIds()}?culture=fr`).set('Origin', partner);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(partner);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(varies(answer)).toContain('origin');
    // htmx reads these after every call; unexposed, the browser logs each read as refused.
    expect(answer.headers['access-control-expose-headers']).toContain('HX-Trigger');
  });

  it('gives another origin, and a same-origin call, no Access-Control-Allow-Origin (Vary: Origin all the same)', async () => {
    for (const origin of ['https://evil.example', 'https://partner.example.evil.example', 'http://partner.example']) {
      const answer = await get(`/fr/widget/faq/${await faqIds()}`).set('Origin', origin);
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(varies(answer)).toContain('origin');
    }
    const plain = await get(`/fr/widget/faq/${await faqIds()}`);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(varies(plain)).toContain('origin');
  });

  it('answers a preflight (htmx headers) for an allowed origin, and none for another', async () => {
    const path = `/fr/widget/faq/${await faqIds()}`;
    const allowed = await request(testApp.app)
      .options(path)
      .set('Origin', partner)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'hx-request,hx-target,hx-current-url');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(partner);
    expect(allowed.headers['access-control-allow-methods']).toBe('GET, HEAD');
    const headers = allowed.headers['access-control-allow-headers'].toLowerCase().split(/\s*,\s*/);
    expect(headers).toEqual(expect.arrayContaining(['hx-request', 'hx-target', 'hx-current-url']));
    expect(Number(allowed.headers['access-control-max-age'])).toBeGreaterThan(0);
    const refused = await request(testApp.app).options(path).set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(refused.status).toBe(204);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('lets an allowed origin read a localised 400 or a 404 too', async () => {
    const bad = await get('/widget/faq/abc?culture=nl').set('Origin', partner);
    expect(bad.status).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe(partner);
    expect(textOf(parseHtml(bad.text), '.error-page p')).toBe(resource('nl', 'Faq.InvalidCategoryIds'));
    const missing = await get('/fr/widget/faq/99999').set('Origin', partner);
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(partner);
  });
});

describe('caching of widget fragments', () => {
  it('carries an ETag and Cache-Control, and a matching If-None-Match answers 304 (CORS headers kept)', async () => {
    const path = `/widget/faq/${await faqIds()}?culture=de`;
    const first = await get(path).set('Origin', partner);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = first.headers.etag;
    // A weak validator of this body: the same answer asked again carries the same one.
    expect(etag).toMatch(/^W\/"[0-9a-f]+-/);
    expect((await get(path).set('Origin', partner)).headers.etag).toBe(etag);
    const again = await get(path).set('Origin', partner).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers['access-control-allow-origin']).toBe(partner);
    expect(varies(again)).toContain('origin');
    const otherCulture = await get(path.replace('culture=de', 'culture=es')).set('If-None-Match', etag);
    expect(otherCulture.status).toBe(200);
    expect(otherCulture.headers.etag).not.toBe(etag);
  });

  it('gives every widget a Cache-Control and an ETag, the catalog\'s too', async () => {
    const paths = [
      `/widget/catalog/QuickView?productId=${await productId()}&culture=fr`,
      `/fr/widget/catalog/QuickView?productId=${await productId()}`,
      '/fr/widget/culture',
      '/fr/widget/consent',
      '/fr/widget/shoppingcartitems',
      `/nl/widget/faq/${await faqIds()}`,
    ];
    for (const path of paths) {
      const answer = await get(path).set('Origin', partner);
      expect([path, answer.status]).toEqual([path, 200]);
      expect([path, answer.headers['cache-control']]).toEqual([path, expect.stringMatching(/\S/)]);
      expect([path, answer.headers.etag]).toEqual([path, expect.stringMatching(/^(W\/)?".+"$/)]);
      expect([path, answer.headers['access-control-allow-origin']]).toEqual([path, partner]);
    }
  });
});

describe('widget fragments kept by the page cache', () => {
  it('are kept per asking origin: a fragment kept for the partner never carries its CORS answer to another site', async () => {
    const path = `/fr/widget/catalog/QuickView?productId=${await productId()}`;
    for (let round = 0; round < 2; round += 1) {
      const allowed = await request(listening()).get(path).set('Origin', partner);
      expect(allowed.headers['access-control-allow-origin']).toBe(partner);
      const other = await request(listening()).get(path).set('Origin', 'https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const plain = await request(listening()).get(path);
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
      expect(varies(plain)).toContain('origin');
    }
  });
});

describe('sessions and cookies of a fragment asked from another origin', () => {
  it('renders it for nobody in particular: the visitor\'s cookies are not read, none is given out', async () => {
    const variant = await stockedVariant(testApp, 10);
    const token = randomBytes(24).toString('base64url');
    const now = Date.now();
    const cart = await testApp.db.insertInto('carts').values({ token, user_id: null, currency: 'EUR', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await testApp.db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variant.id, quantity: 3, origin: 'Catalog', item_key: '', created_at: now }).execute();
    const own = await get('/fr/widget/shoppingcartitems').set('Cookie', `cart=${token}`);
    expect(parseHtml(own.text).querySelectorAll('.mini-cart-items li')).toHaveLength(1);
    const embedded = await get('/fr/widget/shoppingcartitems').set('Cookie', `cart=${token}`).set('Origin', partner);
    expect(embedded.status).toBe(200);
    expect(parseHtml(embedded.text).querySelectorAll('.mini-cart-items li')).toHaveLength(0);
    expect(embedded.headers['set-cookie']).toBeUndefined();
    // An error page issues the CSRF cookie to a visitor of the site itself, never to another origin's call.
    const ownError = (await get('/fr/widget/faq/abc')).headers['set-cookie'] as unknown as string[];
    expect(ownError.map((cookie) => cookie.split('=')[0])).toEqual(['csrf']);
    expect((await get('/fr/widget/faq/abc').set('Origin', partner)).headers['set-cookie']).toBeUndefined();
  });
});

describe('the WIDGET_ORIGINS setting', () => {
  const load = (value?: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: testApp.config.DATA_DIR, ...(value === undefined ? {} : { WIDGET_ORIGINS: value }) });

  it('is empty by default and lists origins, comma separated', () => {
    expect(load().WIDGET_ORIGINS).toEqual([]);
    expect(load('').WIDGET_ORIGINS).toEqual([]);
    expect(load('https://a.example, http://127.0.0.1:8080').WIDGET_ORIGINS).toEqual(['https://a.example', 'http://127.0.0.1:8080']);
  });

  it.each(['*', 'a.example', 'https://a.example/', 'https://a.example/path', 'ftp://a.example', 'https://A.example', 'https://a.example:443'])('refuses %s at start', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
    expect(() => load(value)).toThrow(/WIDGET_ORIGINS/);
  });
});

describe('the visitor’s CSRF cookie on widget fragments', () => {
  const cookiesOf = (answer: request.Response) => ((answer.headers['set-cookie'] as unknown as string[]) ?? []).map((cookie) => cookie.split(';')[0]!);

  it('is not issued by a fragment without a form (a FAQ), even to a first-time visitor', async () => {
    const answer = await get(`/widget/faq/${await faqIds()}?culture=fr`);
    expect(answer.status).toBe(200);
    expect(cookiesOf(answer)).toEqual([]);
  });

  it('is issued by a fragment with a form, whose token is the visitor’s and is accepted', async () => {
    const block = await testApp.db.selectFrom('page_blocks').select('id').where('type', '=', 'contact-form').executeTakeFirstOrThrow();
    const page = await testApp.db.selectFrom('pages').select('page_key').where('id', '=', (await testApp.db.selectFrom('page_blocks').select('page_id').where('id', '=', block.id).executeTakeFirstOrThrow()).page_id).executeTakeFirstOrThrow();
    const agent = request.agent(testApp.app);
    const answer = await agent.get(`/widget/page/${page.page_key}/block/${block.id}?culture=fr`);
    expect(answer.status).toBe(200);
    expect(cookiesOf(answer).map((cookie) => cookie.split('=')[0])).toEqual(['csrf']);
    const token = attributeOf(parseHtml(answer.text), 'input[name="_csrf"]', 'value')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const posted = await agent.post('/fr/newsletter').type('form').send({ _csrf: token, Email: 'widget-token@example.org', returnUrl: '/fr/' });
    expect(posted.status).toBe(303);
  });
});
