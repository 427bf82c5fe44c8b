import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { useTestApp } from '../support/app';

const testApp = useTestApp();

describe('static files', () => {
  it('serves content-hashed builds as immutable for a year', async () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../static/dist/manifest.json'), 'utf8'));
    const answer = await request(testApp.app).get(`/static/dist/${manifest.shell.js}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps files without a hash for an hour only', async () => {
    const answer = await request(testApp.app).get('/static/images/favicon.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing file with the localised 404', async () => {
    const answer = await request(testApp.app).get('/static/dist/nothing-here.js');
    expect(answer.status).toBe(404);
  });

  describe('precompressed at build time', () => {
    const manifest = () => JSON.parse(readFileSync(path.resolve(__dirname, '../../static/dist/manifest.json'), 'utf8'));
    const shell = () => `/static/dist/${manifest().shell.js}`;
    const original = () => readFileSync(path.resolve(__dirname, '../../static/dist', manifest().shell.js));
    // supertest decodes the body by its Content-Encoding: a body equal to the file shows the twin decodes right.
    const asTravelled = (answer: request.Test) =>
      answer.buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(null, Buffer.concat(chunks)));
      });
    const twinLength = (suffix: string) => readFileSync(path.resolve(__dirname, '../../static/dist', manifest().shell.js + suffix)).length;

    it.each([
      ['br, gzip', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const)('answers "%s" with the built file’s %s twin, with its type, Vary and a year of cache', async (accept, encoding, suffix) => {
      const answer = await asTravelled(request(testApp.app).get(shell()).set('Accept-Encoding', accept));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length'])).toBe(twinLength(suffix));
      expect((answer.body as Buffer).equals(original())).toBe(true);
    });

    it('sends the file itself to a client that takes no encoding, still with Vary', async () => {
      const answer = await asTravelled(request(testApp.app).get(shell()).set('Accept-Encoding', 'identity'));
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect((answer.body as Buffer).equals(original())).toBe(true);
    });

    it('answers HEAD and a matching If-None-Match for the twin itself', async () => {
      const got = await asTravelled(request(testApp.app).get(shell()).set('Accept-Encoding', 'br'));
      const head = await request(testApp.app).head(shell()).set('Accept-Encoding', 'br');
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(got.headers['content-length']);
      const again = await request(testApp.app).get(shell()).set('Accept-Encoding', 'br').set('If-None-Match', got.headers.etag);
      expect(again.status).toBe(304);
      const gzip = await request(testApp.app).get(shell()).set('Accept-Encoding', 'gzip').set('If-None-Match', got.headers.etag);
      expect(gzip.status).toBe(200);
    });

    it('precompresses the hand-written stylesheets under static/ too', async () => {
      const answer = await asTravelled(request(testApp.app).get('/static/css/base.css').set('Accept-Encoding', 'br'));
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/^text\/css/);
      expect((answer.body as Buffer).toString()).toBe(readFileSync(path.resolve(__dirname, '../../static/css/base.css'), 'utf8'));
    });
  });
});
