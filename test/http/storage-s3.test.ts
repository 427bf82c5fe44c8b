// Storage behind one interface (issue 16 item 7): with S3_BUCKET set, uploads, temp images, crops and
// image renditions go to an S3-compatible bucket (a real s3rver on the loopback, started here) and
// nothing to DATA_DIR; without it, the default, they go to DATA_DIR/storage on disk.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { assetKeyQuery } from '../../server/assets/keys';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/app';
import { useS3rver } from '../support/s3rver';
import { storageFor } from '../../server/storage';
import { S3Storage } from '../../server/storage/s3';
import { DiskStorage } from '../../server/storage/disk';
import { editor, holdings, image, upload } from './asset-library-helpers';

const webp = 'image/webp,*/*';

/** Every file under a folder, as relative paths. */
const filesUnder = (folder: string) => (existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name) : []);

describe('S3 storage (s3rver on the loopback)', () => {
  const env: Record<string, string> = {};
  useS3rver(env);
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(env);
  });
  afterAll(() => testApp?.close());

  test('the configured storage is the bucket', () => {
    expect(storageFor(testApp.config)).toBeInstanceOf(S3Storage);
  });

  test('put, get, stream, exists, list by prefix and delete', async () => {
    const storage = storageFor(testApp.config);
    await storage.put('check/a.txt', Buffer.from('alpha'), 'text/plain');
    await storage.put('check/b/c.txt', Buffer.from('gamma'));
    expect(String(await storage.get('check/a.txt'))).toBe('alpha');
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.stream('check/b/c.txt'))!) chunks.push(Buffer.from(chunk));
    expect(String(Buffer.concat(chunks))).toBe('gamma');
    expect([await storage.exists('check/a.txt'), await storage.exists('check/none.txt')]).toEqual([true, false]);
    expect((await storage.list('check/')).map((object) => [object.key, object.size]).sort()).toEqual([['check/a.txt', 5], ['check/b/c.txt', 5]]);
    await storage.delete('check/a.txt');
    await storage.delete('check/never-there.txt');
    expect([await storage.get('check/a.txt'), await storage.stream('check/a.txt')]).toEqual([null, null]);
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });

  test('a list longer than a page (1,000 keys) answers every object once (the crash suite held 1,261 uploads: s3rver answered 500 to the second page)', async () => {
    const storage = storageFor(testApp.config);
    const keys = Array.from({ length: 1003 }, (_, index) => `many/${String(index).padStart(4, '0')}.txt`);
    for (let start = 0; start < keys.length; start += 50) await Promise.all(keys.slice(start, start + 50).map((key) => storage.put(key, Buffer.from('x'))));
    const listed = (await storage.list('many/')).map((object) => object.key);
    expect(listed.length).toBe(1003);
    expect(new Set(listed)).toEqual(new Set(keys));
  }, 120_000);

  test('an upload, its renditions, a temp image and its crop live in the bucket, not on disk', async () => {
    const desk = await editor(testApp);
    const before = await holdings(testApp);
    const [asset] = (await upload(desk, [{ name: 'bucket.jpg', bytes: await image(500, 400) }])).body;
    expect(await holdings(testApp)).toEqual({ ...before, rows: before.rows + 1, stored: before.stored + 1 });
    const storage = storageFor(testApp.config);
    const row = await testApp.db.selectFrom('assets').select(['storage_key', 'content']).where('id', '=', asset.AssetId).executeTakeFirstOrThrow();
    expect(await storage.exists(`assets/${row.storage_key}`)).toBe(true);
    expect(Buffer.from(row.content).length).toBe(0);

    const file = await request(testApp.app).get(asset.Uri).buffer(true);
    expect((await sharp(file.body as Buffer).metadata()).width).toBe(500);
    const rendition = await request(testApp.app).get(`/assets/${asset.AssetId}/320x320/bucket.jpg${assetKeyQuery(asset.AssetId)}`).set('Accept', webp).buffer(true);
    expect(rendition.headers['content-type']).toBe('image/webp');
    expect((await sharp(rendition.body as Buffer).metadata()).width).toBe(320);
    expect((await storage.list(`renditions/${asset.AssetId}/`)).map((object) => object.key)).toEqual([expect.stringMatching(/-320x320\.webp$/)]);
    // A seeded asset (its bytes in the row) is drawn too, and its rendition kept in the bucket.
    const seeded = await testApp.db.selectFrom('assets').select(['id', 'name']).where('storage_key', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    expect((await request(testApp.app).get(`/assets/${seeded.id}/80x80/${encodeURIComponent(seeded.name)}${assetKeyQuery(seeded.id)}`)).status).toBe(200);
    expect(await storage.list(`renditions/${seeded.id}/`)).toHaveLength(1);

    const [temp] = (await upload(desk, [{ name: 'crop.jpg', bytes: await image(800, 600) }], { temp: 'true' })).body;
    expect(await storage.exists(`tmp/${temp.tmpName}`)).toBe(true);
    const cropped = await desk.agent.get(`/assets/croptempimg/${temp.tmpName}/0/0/800/600/400/300`);
    expect([cropped.status, cropped.body.Width, cropped.body.Height]).toEqual([200, 400, 300]);
    expect(await storage.exists(`tmp/${temp.tmpName}`)).toBe(false);

    expect(filesUnder(path.join(testApp.config.DATA_DIR, 'storage'))).toEqual([]);
    const deleted = await desk.agent.post(`/api/v1/assetslibrary/assets/${asset.AssetId}/delete`).set('X-CSRF-Token', desk.token);
    expect(deleted.status).toBe(200);
    expect(await storage.exists(`assets/${row.storage_key}`)).toBe(false);
    expect(await storage.list(`renditions/${asset.AssetId}/`)).toEqual([]);
  });
});

describe('disk storage (the default)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  test('uploads and renditions go to DATA_DIR/storage under random keys', async () => {
    expect(storageFor(testApp.config)).toBeInstanceOf(DiskStorage);
    const desk = await editor(testApp);
    const [asset] = (await upload(desk, [{ name: 'disk.png', bytes: await image(200, 100, 'png') }])).body;
    const row = await testApp.db.selectFrom('assets').select('storage_key').where('id', '=', asset.AssetId).executeTakeFirstOrThrow();
    const root = path.join(testApp.config.DATA_DIR, 'storage');
    expect(existsSync(path.join(root, 'assets', row.storage_key!))).toBe(true);
    await request(testApp.app).get(`/assets/${asset.AssetId}/80x80/disk.png${assetKeyQuery(asset.AssetId)}`);
    expect(filesUnder(path.join(root, 'renditions', String(asset.AssetId)))).toHaveLength(1);
    expect(filesUnder(root).some((name) => name.includes('disk'))).toBe(false);
  });

  test('expired temp images are swept; fresh ones stay', async () => {
    const { sweepTemp } = await import('../../server/asset-library/temp');
    const storage = storageFor(testApp.config);
    await storage.put('tmp/0123456789abcdef0123456789abcdef', Buffer.from('x'));
    expect(await sweepTemp(storage, { force: true })).toBe(0);
    expect(await sweepTemp(storage, { force: true, now: Date.now() + 2 * 60 * 60 * 1000 })).toBeGreaterThanOrEqual(1);
    expect(await storage.exists('tmp/0123456789abcdef0123456789abcdef')).toBe(false);
  });
});
