// The upload addresses' multipart reading (server/asset-library/multipart.ts, busboy): a text field posted
// twice is a 400, file names come as UTF-8 (filename* of RFC 5987 too), a visitor's or a customer's body is
// answered before it is read, the no-JS form's _csrf field still passes, and a temp image can be cropped
// by its uploader only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { editor, holdings, image, upload } from './asset-library-helpers';

const testApp = useTestApp();

/** A multipart body written by hand, to send exactly the headers a test needs. */
function multipartBody(boundary: string, parts: Array<{ disposition: string; type?: string; content: Buffer | string }>): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${part.disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
    Buffer.from(part.content),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

describe('multipart upload bodies', () => {
  test('a text field posted twice is a 400 naming it, and nothing is stored', async () => {
    const desk = await editor(testApp);
    const before = await holdings(testApp);
    const answer = await desk.agent
      .post('/api/v1/assetslibrary/assets/upload?culture=de')
      .set('X-CSRF-Token', desk.token)
      .field('folderId', '')
      .field('folderId', '')
      .attach('files', await image(20, 20), { filename: 'twice.jpg', contentType: 'image/jpeg' });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(resource('de', 'Core.RepeatedField'));
    const temp = await upload(desk, [{ name: 'temp.jpg', bytes: await image(20, 20) }], {}).field('temp', 'true').field('temp', 'false');
    expect(temp.status).toBe(400);
    expect(await holdings(testApp)).toEqual(before);
  });

  test('file names are UTF-8: filename* (RFC 5987) wins over filename, a plain UTF-8 name is kept', async () => {
    const desk = await editor(testApp);
    const bytes = await image(30, 20);
    const boundary = 'b0undaryT3st';
    const body = multipartBody(boundary, [
      { disposition: `name="files"; filename="fallback.jpg"; filename*=UTF-8''%C3%A9t%C3%A9%20%E2%82%AC.jpg`, type: 'image/jpeg', content: bytes },
      { disposition: 'name="files"; filename="ca\u00f1\u00f3n \u65e5\u672c.jpg"', type: 'image/jpeg', content: bytes },
    ]);
    const answer = await desk.agent
      .post('/api/v1/assetslibrary/assets/upload?culture=fr')
      .set('X-CSRF-Token', desk.token)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body);
    expect(answer.status).toBe(200);
    expect(answer.body.map((asset: { name: string; OriginalFileName: string }) => [asset.name, asset.OriginalFileName])).toEqual([
      ['été €.jpg', 'été €.jpg'],
      ['cañón 日本.jpg', 'cañón 日本.jpg'],
    ]);
  });

  test('a file over 10 MB is refused alone, the other files of the request are stored', async () => {
    const desk = await editor(testApp);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const answer = await upload(desk, [
      { name: 'big.pdf', bytes: big },
      { name: 'small.jpg', bytes: await image(20, 20) },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toEqual({ name: 'big.pdf', Error: resource('fr', 'AssetsLibrary.FileTooBig').replace('{{max}}', String(10 * 1024 * 1024)) });
    expect(answer.body[1].name).toBe('small.jpg');
  });

  test('the no-JS form carries its _csrf field in the multipart body; without it the post is refused', async () => {
    const desk = await editor(testApp);
    const withField = await desk.agent.post('/fr/backoffice/assets/upload').field('_csrf', desk.token).attach('files', await image(20, 20), { filename: 'form.jpg', contentType: 'image/jpeg' });
    expect(withField.status).toBe(303);
    const without = await desk.agent.post('/fr/backoffice/assets/upload').attach('files', await image(20, 20), { filename: 'form.jpg', contentType: 'image/jpeg' });
    expect(without.status).toBe(403);
  });
});

describe('a body nobody may upload is not read', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = testApp.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /**
   * Announces a 20 MB upload, sends its first 64 KB only and waits: the answer must come while the
   * rest has not been sent (a server reading the body first would wait for it forever).
   */
  function announcedUpload(headers: Record<string, string>): Promise<{ status: number; sent: number }> {
    const total = 20 * 1024 * 1024;
    return new Promise((resolve, reject) => {
      const call = http.request({
        host: '127.0.0.1', port, method: 'POST', path: '/api/v1/assetslibrary/assets/upload?culture=fr',
        headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=big', 'Content-Length': String(total), Accept: 'application/json' },
      });
      const first = Buffer.concat([Buffer.from('--big\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n'), Buffer.alloc(64 * 1024, 0x20)]);
      call.write(first);
      const timer = setTimeout(() => reject(new Error('no answer before the body was sent')), 10_000);
      call.on('response', (answer) => {
        clearTimeout(timer);
        answer.resume();
        call.destroy();
        resolve({ status: answer.statusCode ?? 0, sent: first.length });
      });
      call.on('error', () => undefined);
    });
  }

  test('a visitor gets 401 and a customer 403 before the body is sent', async () => {
    const page = await request(testApp.app).get('/fr/security/login');
    const visitorCookies = (page.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');
    const visitorAnswer = await announcedUpload({ Cookie: visitorCookies, 'X-CSRF-Token': csrfTokenOf(parseHtml(page.text)) });
    expect(visitorAnswer.status).toBe(401);

    const customer = await signedIn(testApp, demo.customer);
    const customerAnswer = await announcedUpload({ Cookie: customer.sid, 'X-CSRF-Token': customer.token });
    expect(customerAnswer.status).toBe(403);
  });
});

describe('temp images belong to their uploader', () => {
  test("another editor's tmpName is answered as a missing temp image; its uploader still crops it", async () => {
    const owner = await editor(testApp);
    const other = await editor(testApp);
    const [temp] = (await upload(owner, [{ name: 'mine.jpg', bytes: await image(200, 200) }], { temp: 'true' })).body;
    const before = await holdings(testApp);
    const refused = await other.agent.get(`/assets/croptempimg/${temp.tmpName}/0/0/100/100/100/100`).set('Accept-Language', 'fr');
    expect(refused.status).toBe(400);
    expect(refused.body.Error).toBe(resource('fr', 'AssetsLibrary.TempMissing'));
    expect(await holdings(testApp)).toEqual(before);
    const cropped = await owner.agent.get(`/assets/croptempimg/${temp.tmpName}/0/0/100/100/100/100`).set('Accept-Language', 'fr');
    expect([cropped.status, cropped.body.Width]).toEqual([200, 100]);
  });
});
