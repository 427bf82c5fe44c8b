import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { useListeningServer, useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';

const testApp = useTestApp();
const listening = useListeningServer(testApp);

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they travelled. */
  body: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

/** The answer as the wire carries it (supertest and fetch would decode it before the test sees it). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const { port } = listening().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }[String(answer.headers['content-encoding'])];
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body, text: (decode && body.length > 0 ? decode(body) : body).toString() });
      });
    });
    request.on('error', reject).end();
  });
}

/** A visitor's own CSRF cookie (the token on their pages is derived from it). */
async function visitorCookie(): Promise<string> {
  const answer = await raw('/fr/security/login');
  return String(answer.headers['set-cookie']?.[0]).split(';')[0];
}

const varyOf = (answer: RawAnswer) => String(answer.headers.vary ?? '').split(/\s*,\s*/).map((name) => name.toLowerCase());

describe('compressed answers', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ])('negotiates "%s" as %s, with Vary, and decodes to the same page', async (accept, expected) => {
    const cookie = await visitorCookie();
    const plain = await raw('/fr/security/login', { Cookie: cookie });
    const answer = await raw('/fr/security/login', { Cookie: cookie, 'Accept-Encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(varyOf(answer)).toContain('accept-encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.text).toBe(plain.text);
    expect(plain.body.length).toBeGreaterThan(1024);
    if (expected) expect(answer.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('compresses JSON', async () => {
    const answer = await raw('/api/v1/localization/fr/stringresources', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json; charset=utf-8/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(typeof JSON.parse(answer.text)).toBe('object');
  });

  it('sends an answer under 1 KB as it is', async () => {
    const answer = await raw('/api/v1/catalog/search/suggestions?q=zzzzqqq&culture=fr', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers of the compressed GET and no body', async () => {
    const cookie = await visitorCookie();
    const headers = { Cookie: cookie, 'Accept-Encoding': 'br' };
    const [got, head] = [await raw('/fr/security/login', headers), await raw('/fr/security/login', headers, 'HEAD')];
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('gives each encoding its own ETag, so a 304 answers only the representation the client holds', async () => {
    const path = '/api/v1/localization/fr/stringresources';
    const br = await raw(path, { 'Accept-Encoding': 'br' });
    const gzip = await raw(path, { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await raw(path, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await raw(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) });
    expect(otherEncoding.status).toBe(200);
    expect(JSON.parse(otherEncoding.text)).toEqual(JSON.parse(br.text));
  });

  it('streams the products sitemap compressed, whole', async () => {
    const plain = await raw('/sitemap-products-1.xml');
    const answer = await raw('/sitemap-products-1.xml', { 'Accept-Encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.text).toBe(plain.text);
    expect(answer.text.trimEnd().endsWith('</urlset>')).toBe(true);
  });
});

describe('kept pages, compressed once per encoding', () => {
  beforeEach(() => testApp.app.locals.pageCache.clear());

  it.each(['br', 'gzip'])('gives every visitor their own CSRF token in the kept %s answer', async (encoding) => {
    const visitors = [await visitorCookie(), await visitorCookie(), await visitorCookie()];
    const plain = await Promise.all(visitors.map((cookie) => raw('/fr/about', { Cookie: cookie })));
    await raw('/fr/about', { Cookie: visitors[0], 'Accept-Encoding': encoding });
    await testApp.app.locals.pageCache.settled();
    for (const [index, cookie] of visitors.entries()) {
      const answer = await raw('/fr/about', { Cookie: cookie, 'Accept-Encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(varyOf(answer)).toContain('accept-encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.text).toBe(plain[index].text);
      expect(csrfTokenOf(parseHtml(answer.text))).toBe(csrfTokenOf(parseHtml(plain[index].text)));
    }
    const tokens = plain.map((answer) => csrfTokenOf(parseHtml(answer.text)));
    expect(new Set(tokens).size).toBe(3);
  });

  it('sends the kept answer compressed once, the visitor’s token travelling as plain bytes inside it', async () => {
    const cookie = await visitorCookie();
    const first = await raw('/fr/about', { Cookie: cookie, 'Accept-Encoding': 'br' });
    const token = Buffer.from(csrfTokenOf(parseHtml(first.text)));
    // The first answer is rendered and compressed for this request: its token is compressed with the rest.
    expect(first.body.includes(token)).toBe(false);
    await raw('/fr/about', { Cookie: cookie, 'Accept-Encoding': 'br' });
    await testApp.app.locals.pageCache.settled();
    const kept = await raw('/fr/about', { Cookie: cookie, 'Accept-Encoding': 'br' });
    expect(kept.text).toBe(first.text);
    expect(kept.body.includes(token)).toBe(true);
  });
});
