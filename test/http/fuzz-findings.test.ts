// Inputs the route fuzzer (test/fuzz, docs/testing-fuzz.md) found answering a 500 or logging an
// error, each kept here as a focused test of its fix. The app logs into a list the tests read.
import request from 'supertest';
import { createLogger } from '../../server/logger';
import { useTestApp } from '../support/app';
import { parseHtml } from '../support/html';
import { signedInEditor } from './backoffice-helpers';

const logged: { level: number; msg: string }[] = [];
const logger = createLogger({ LOG_LEVEL: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
const testApp = useTestApp({}, { logger });

beforeEach(() => {
  logged.length = 0;
});

const errorsLogged = () => logged.filter((entry) => entry.level >= 50).map((entry) => entry.msg);

/** The whole localised page of the layout (not the error chain's bare fallback, which has no header). */
const isWholePage = (text: string) => parseHtml(text).querySelector('header.site-header') !== null;

describe('a malformed escape in the cart cookie (cart=%FF, cart=%C0%AF, cart=%)', () => {
  it.each(['%FF', '%C0%AF', '%', '%E2%82'])('cart=%s is no cart: the page answers 200', async (value) => {
    const answer = await request(testApp.app).get('/fr/').set('Cookie', `cart=${value}`);
    expect(answer.status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });

  it('the cart page of such a visitor is the empty cart', async () => {
    const answer = await request(testApp.app).get('/fr/shoppingcarts').set('Cookie', 'cart=%C0%AF');
    expect(answer.status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('a path opening with two slashes and a non-UTF-8 escape (//%E0%80%AF/catalog)', () => {
  it('is the whole localised 404 page, and the page head is not left unrendered', async () => {
    const answer = await request(testApp.app).get('//%E0%80%AF/catalog');
    expect(answer.status).toBe(404);
    expect(isWholePage(answer.text)).toBe(true);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('a protected page asked with a very long address (GET /fr/staff/refunds/<2,000 × é> by a visitor)', () => {
  it('goes to the login page without the way back, in a Location short enough for any client and proxy', async () => {
    const long = `/fr/staff/refunds/${encodeURIComponent('é'.repeat(2000))}?q=${encodeURIComponent('é'.repeat(600))}`;
    const answer = await request(testApp.app).get(long);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/security/login');
  });

  it('keeps the way back for an ordinary address', async () => {
    const answer = await request(testApp.app).get('/fr/staff/refunds?page=2');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent('/fr/staff/refunds?page=2')}`);
  });
});

describe('a static file path with a NUL byte (GET /static/%00, /static/dist/a%00.js)', () => {
  it.each(['/static/%00', '/static/dist/a%00.js', '/static/css/%00.css'])('%s is no such file (404), not a server error', async (url) => {
    const answer = await request(testApp.app).get(url).set('Accept-Encoding', 'br, gzip');
    expect(answer.status).toBe(404);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('a back-office write with a body no parser reads (multipart to POST /fr/backoffice/news/:id/revisions/1/restore)', () => {
  it.each(['revisions/1/restore', 'delete', ''])('POST …/news/:id/%s is a 400 (its Version unread), not a 500', async (action) => {
    const { agent, token } = await signedInEditor(testApp);
    const post = await testApp.db.selectFrom('news_posts').select('id').orderBy('id').executeTakeFirstOrThrow();
    const answer = await agent
      .post(`/fr/backoffice/news/${post.id}${action ? `/${action}` : ''}`)
      .set({ 'X-CSRF-Token': token, 'Content-Type': 'multipart/form-data; boundary=b' })
      .send('--b\r\nContent-Disposition: form-data; name="Version"\r\n\r\n1\r\n--b--\r\n');
    expect(answer.status).toBe(400);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('the pages editor with a body no parser reads (multipart: req.body undefined)', () => {
  it.each(['', '/blocks'])('POST /fr/backoffice/pages/:id%s is a 400, not a 500', async (path) => {
    const { agent, token } = await signedInEditor(testApp);
    const page = await testApp.db.selectFrom('pages').select('id').orderBy('id').executeTakeFirstOrThrow();
    const answer = await agent
      .post(`/fr/backoffice/pages/${page.id}${path}`)
      .set({ 'X-CSRF-Token': token, 'Content-Type': 'multipart/form-data; boundary=b' })
      .send('--b\r\nContent-Disposition: form-data; name="Language"\r\n\r\nfr\r\n--b--\r\n');
    expect(answer.status).toBe(400);
    expect(errorsLogged()).toEqual([]);
  });
});
