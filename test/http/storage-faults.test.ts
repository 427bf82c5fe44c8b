// Object storage unreachable for a moment (issue 17, bad input and faults): a real s3rver behind the
// fault proxy, cut (connections reset at once) or held (taken and never answered). Uploads answer a
// clear localised 503 and store nothing (no row without its object, no object left behind), pictures
// answer the "no photo" picture that nothing keeps (not a 503: see server/assets/routes.ts), pages that
// need no storage stay 200,
// and once the storage is back everything works again without a restart. Figures are printed, not
// asserted (the machine is shared).
import request from 'supertest';
import { assetKeyQuery } from '../../server/assets/keys';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/app';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { parseHtml } from '../support/html';
import { resource } from '../support/resources';
import { useS3rver } from '../support/s3rver';
import { createStorage, type Storage, storageFor } from '../../server/storage';
import { sweepStorage } from '../../server/asset-library/sweep';
import { decodeQueueFor } from '../../server/asset-library/decode-queue';
import { uploadFiles } from '../../server/asset-library/uploads';
import { editor, type Editor, holdings, image, upload } from './asset-library-helpers';

const webp = 'image/webp,*/*';
const storageDown = resource('fr', 'AssetsLibrary.StorageUnavailable');

/** The answer and how long it took (printed with the figures at the end). */
const figures: string[] = [];
async function timed<Answer>(label: string, call: () => PromiseLike<Answer>): Promise<Answer> {
  const started = performance.now();
  const answer = await call();
  figures.push(`${label}: ${Math.round(performance.now() - started)} ms`);
  return answer;
}

describe('object storage unreachable for a moment', () => {
  const env: Record<string, string> = {};
  useS3rver(env);
  let proxy: FaultProxy;
  let testApp: TestApp;
  let desk: Editor;
  /** An upload made while the storage was up, rendered once (its 320x320 WebP is in the bucket). */
  let kept: { AssetId: number; Uri: string };
  let seeded: { id: number; name: string };
  beforeAll(async () => {
    proxy = await startFaultProxy(Number(new URL(env.S3_ENDPOINT).port));
    testApp = await createTestApp({ ...env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
    desk = await editor(testApp);
    [kept] = (await upload(desk, [{ name: 'kept.jpg', bytes: await image(400, 300) }])).body;
    expect((await request(testApp.app).get(`/assets/${kept.AssetId}/320x320/kept.jpg${assetKeyQuery(kept.AssetId)}`).set('Accept', webp)).status).toBe(200);
    seeded = await testApp.db.selectFrom('assets').select(['id', 'name']).where('storage_key', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await testApp?.close();
    await proxy?.close();
    console.log(`storage faults (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}):\n  ${figures.join('\n  ')}`);
  });

  test('an upload through the API is a localised 503 that stores nothing, then works again once restored', async () => {
    const before = await holdings(testApp);
    proxy.cut();
    const bytes = await image(300, 200);
    const refused = await timed('API upload, storage cut', () => upload(desk, [{ name: 'away.jpg', bytes }]));
    expect([refused.status, refused.body.Message, refused.headers['retry-after'], refused.headers['cache-control']]).toEqual([503, storageDown, '5', 'no-store']);
    const temp = await upload(desk, [{ name: 'crop.jpg', bytes }], { temp: 'true' });
    expect([temp.status, temp.body.Message]).toEqual([503, storageDown]);
    proxy.restore();
    expect(await holdings(testApp)).toEqual(before);
    const again = await timed('API upload, storage back', () => upload(desk, [{ name: 'back.jpg', bytes }]));
    expect([again.status, again.body[0].name]).toEqual([200, 'back.jpg']);
    expect(await holdings(testApp)).toEqual({ ...before, rows: before.rows + 1, stored: before.stored + 1 });
  });

  test('the library page without JavaScript: the upload comes back to the page with the message, nothing stored', async () => {
    const before = await holdings(testApp);
    proxy.cut();
    const posted = await desk.agent.post('/fr/backoffice/assets/upload').field('_csrf', desk.token).attach('files', await image(64, 64), 'form.jpg');
    expect([posted.status, posted.headers.location]).toEqual([303, '/fr/backoffice/assets']);
    // The page itself needs no storage (its thumbnails are addresses): it answers while the storage is away.
    const page = await desk.agent.get(posted.headers.location);
    expect(page.status).toBe(200);
    expect(parseHtml(page.text).textContent).toContain(storageDown);
    proxy.restore();
    expect(await holdings(testApp)).toEqual(before);
  });

  test('a file stored before the storage went away stays whole; that file and the rest are refused with the message', async () => {
    const storage = storageFor(testApp.config);
    // The real bucket, cut right after the request's first file is stored.
    const cutAfterFirst: Storage = Object.assign(Object.create(storage) as Storage, { put: (...args: Parameters<Storage['put']>) => storage.put(...args).then(() => proxy.cut()) });
    const before = await holdings(testApp);
    const files = await Promise.all(['one.jpg', 'two.jpg', 'three.jpg'].map(async (filename) => ({ field: 'files', filename, bytes: await image(120, 80) })));
    const outcomes = await uploadFiles({ db: testApp.db, storage: cutAfterFirst, decodes: decodeQueueFor(testApp.config), actor: { userId: desk.userId } }, { files, folderId: null, temp: false });
    proxy.restore();
    expect(outcomes.map((outcome) => ('asset' in outcome ? outcome.asset.name : 'refused' in outcome ? outcome.refused : outcome.temp))).toEqual([
      'one.jpg',
      { ok: false, name: 'two.jpg', errorKey: 'AssetsLibrary.StorageUnavailable' },
      { ok: false, name: 'three.jpg', errorKey: 'AssetsLibrary.StorageUnavailable' },
    ]);
    expect(await holdings(testApp)).toEqual({ ...before, rows: before.rows + 1, stored: before.stored + 1 });
  });

  test('a picture answers the "no photo" picture that nothing keeps; a seeded one is still drawn; both heal', async () => {
    proxy.cut();
    const rendered = await timed('kept rendition, storage cut', () => request(testApp.app).get(`/assets/${kept.AssetId}/320x320/kept.jpg${assetKeyQuery(kept.AssetId)}`).set('Accept', webp).buffer(true));
    const fresh = await request(testApp.app).get(`/assets/${kept.AssetId}/480x480/kept.jpg${assetKeyQuery(kept.AssetId)}`).buffer(true);
    for (const [answer, type, width] of [[rendered, 'image/webp', 320], [fresh, 'image/jpeg', 480]] as const) {
      expect([answer.status, answer.headers['content-type'], answer.headers['cache-control'], answer.headers.etag]).toEqual([200, type, 'no-store', undefined]);
      expect((await sharp(answer.body as Buffer).metadata()).width).toBe(width);
    }
    // A seeded picture's original is in its row: drawn without the storage, as always.
    const drawn = await request(testApp.app).get(`/assets/${seeded.id}/160x160/${encodeURIComponent(seeded.name)}${assetKeyQuery(seeded.id)}`);
    expect([drawn.status, drawn.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await request(testApp.app).get('/assets/80x80/nophoto.jpg')).status).toBe(200);
    // The stored file itself: the error page, localised.
    const file = await request(testApp.app).get(kept.Uri).set('Accept-Language', 'fr');
    expect([file.status, file.headers['retry-after'], file.headers['cache-control']]).toEqual([503, '5', 'no-store']);
    expect(parseHtml(file.text).textContent).toContain(storageDown);

    proxy.restore();
    const back = await request(testApp.app).get(`/assets/${kept.AssetId}/480x480/kept.jpg${assetKeyQuery(kept.AssetId)}`).buffer(true);
    expect([back.status, back.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await sharp(back.body as Buffer).metadata()).width).toBe(480);
    expect((await request(testApp.app).get(kept.Uri)).status).toBe(200);
  });

  test('pages that need no storage keep answering 200', async () => {
    proxy.cut();
    for (const path of ['/fr/', '/fr/backoffice/assets', '/healthz']) {
      const answer = await (path.includes('backoffice') ? desk.agent.get(path) : request(testApp.app).get(path));
      expect([path, answer.status]).toEqual([path, 200]);
    }
  });

  test('a crop while the storage is away answers the crop modal its Error; the temp image waits for the next try', async () => {
    const [temp] = (await upload(desk, [{ name: 'later.jpg', bytes: await image(400, 300) }], { temp: 'true' })).body;
    proxy.cut();
    const crop = await desk.agent.get(`/assets/croptempimg/${temp.tmpName}/0/0/400/300/200/150`);
    expect([crop.status, crop.body.Error, crop.body.Message]).toEqual([503, storageDown, storageDown]);
    proxy.restore();
    const cropped = await desk.agent.get(`/assets/croptempimg/${temp.tmpName}/0/0/400/300/200/150`);
    expect([cropped.status, cropped.body.Width]).toEqual([200, 200]);
  });

  test('a delete while the storage is away removes the asset; its file and renditions go with the storage sweep', async () => {
    const [asset] = (await upload(desk, [{ name: 'gone.jpg', bytes: await image(200, 200) }])).body;
    expect((await request(testApp.app).get(`/assets/${asset.AssetId}/80x80/gone.jpg${assetKeyQuery(asset.AssetId)}`)).status).toBe(200);
    const storage = storageFor(testApp.config);
    const { storage_key: key } = await testApp.db.selectFrom('assets').select('storage_key').where('id', '=', asset.AssetId).executeTakeFirstOrThrow();
    proxy.cut();
    const deleted = await desk.agent.post(`/api/v1/assetslibrary/assets/${asset.AssetId}/delete`).set('X-CSRF-Token', desk.token);
    expect([deleted.status, deleted.body]).toEqual([200, { AssetId: asset.AssetId }]);
    expect(await testApp.db.selectFrom('assets').select('id').where('id', '=', asset.AssetId).executeTakeFirst()).toBeUndefined();
    await expect(sweepStorage(testApp.db, storage, { graceMs: 0 })).rejects.toMatchObject({ status: 503 });
    proxy.restore();
    expect([await storage.exists(`assets/${key}`), (await storage.list(`renditions/${asset.AssetId}/`)).length]).toEqual([true, 1]);
    // Younger than the grace period: left alone (its row may still be on its way).
    expect(await sweepStorage(testApp.db, storage)).toMatchObject({ files: 0, renditions: 0 });
    expect(await sweepStorage(testApp.db, storage, { graceMs: 0 })).toMatchObject({ files: 1, renditions: 1 });
    expect([await storage.exists(`assets/${key}`), await storage.list(`renditions/${asset.AssetId}/`)]).toEqual([false, []]);
    // Every other asset's file is still there (the sweep removed orphans only).
    const rows = await testApp.db.selectFrom('assets').select('storage_key').where('storage_key', 'is not', null).execute();
    for (const row of rows) expect(await storage.exists(`assets/${row.storage_key}`)).toBe(true);
  });

  test('a storage that takes connections and never answers: the client\'s timeouts end the wait, then a few quiet seconds', async () => {
    proxy.hold();
    const count = () => testApp.db.selectFrom('assets').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const before = await count();
    const bytes = await image(300, 200);
    const refused = await timed('API upload, storage holding (write timeouts)', () => upload(desk, [{ name: 'held.jpg', bytes }]));
    expect([refused.status, refused.body.Message]).toEqual([503, storageDown]);
    expect(await count()).toEqual(before);
    // The timeout keeps this instance's storage quiet for a few seconds: the pictures are not made to wait.
    const picture = await timed('rendition right after, storage holding (quiet)', () => request(testApp.app).get(`/assets/${kept.AssetId}/320x320/kept.jpg${assetKeyQuery(kept.AssetId)}`).set('Accept', webp));
    expect([picture.status, picture.headers['cache-control']]).toEqual([200, 'no-store']);
    // Another client of the same bucket, not quiet yet, waits its read timeouts.
    const other = createStorage(testApp.config);
    await timed('a read of another client, storage holding (read timeouts)', () => expect(other.get(`assets/none`)).rejects.toMatchObject({ status: 503 }));
    proxy.restore();
    // Back by itself once the quiet seconds are over (polled, with a generous deadline).
    const restored = performance.now();
    const real = 'public, max-age=31536000, immutable';
    let cacheControl = '';
    while (cacheControl !== real && performance.now() - restored < 60_000) {
      cacheControl = (await request(testApp.app).get(`/assets/${kept.AssetId}/320x320/kept.jpg${assetKeyQuery(kept.AssetId)}`).set('Accept', webp)).headers['cache-control'];
      if (cacheControl !== real) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    figures.push(`pictures again after the hold: ${Math.round(performance.now() - restored)} ms`);
    expect(cacheControl).toBe(real);
  }, 120_000);
});
