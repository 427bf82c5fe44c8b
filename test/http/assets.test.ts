import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { parseHtml, textOf } from '../support/html';
import { useTestApp } from '../support/app';
import { assetKeyQuery } from '../../server/assets/keys';
import { resource } from '../support/resources';

const testApp = useTestApp();
const webp = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const noWebp = 'image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5';

/** Binary bodies come back as Buffers. */
const binary = (req: request.Test) => req.buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

async function productPhoto(): Promise<{ id: number; name: string }> {
  return testApp.db
    .selectFrom('product_images')
    .innerJoin('assets', 'assets.id', 'product_images.asset_id')
    .select(['assets.id', 'assets.name'])
    .where('product_images.kind', '=', 'photo')
    .orderBy('product_images.id')
    .limit(1)
    .executeTakeFirstOrThrow();
}

describe('GET /assets/{AssetId}/{width}x{height}/{AssetName}', () => {
  it('resizes to the box (cover) as WebP when Accept names it, with long cache headers', async () => {
    const asset = await productPhoto();
    const res = await binary(request(testApp.app).get(`/assets/${asset.id}/160x80/${asset.name}`).set('Accept', webp));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 80]);
  });

  it('answers JPEG to a browser without WebP, under another ETag', async () => {
    const asset = await productPhoto();
    const url = `/assets/${asset.id}/80x80/${asset.name}`;
    const jpeg = await binary(request(testApp.app).get(url).set('Accept', noWebp));
    const webpAnswer = await request(testApp.app).get(url).set('Accept', webp);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(jpeg.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 80, 80]);
    expect(jpeg.headers.etag).not.toBe(webpAnswer.headers.etag);
  });

  it('answers 304 to a matching If-None-Match, and keeps the rendition on disk', async () => {
    const asset = await productPhoto();
    const url = `/assets/${asset.id}/320x320/${asset.name}`;
    const first = await request(testApp.app).get(url).set('Accept', webp);
    const again = await request(testApp.app).get(url).set('Accept', webp).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const folder = path.join(testApp.config.DATA_DIR, 'storage', 'renditions', String(asset.id));
    expect(readdirSync(folder).some((file) => file.endsWith('-320x320.webp'))).toBe(true);
  });

  it('renders a size once for concurrent first requests, leaving no temporary files', async () => {
    const asset = await productPhoto();
    const url = `/assets/${asset.id}/240x240/${asset.name}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => binary(request(testApp.app).get(url).set('Accept', noWebp))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => (answer.body as Buffer).toString('base64'))).size).toBe(1);
    const folder = path.join(testApp.config.DATA_DIR, 'storage', 'renditions', String(asset.id));
    expect(readdirSync(folder).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it.each(['0x80', '80x0', '2001x80', '80x2001', '80', '80x', 'x80', '-80x80', '80.5x80', '080x80', 'abcxdef', '160x120', '2000x2000', '81x81'])(
    'answers 400 with a localised message to the size %s (only the sizes the pages show are drawn)',
    async (size) => {
      const asset = await productPhoto();
      const res = await request(testApp.app).get(`/assets/${asset.id}/${size}/${asset.name}`).set('Accept', 'text/html');
      expect(res.status).toBe(400);
      expect(textOf(parseHtml(res.text), 'main')).toContain(resource('fr', 'Catalog.ImageSizeInvalid'));
    },
  );

  it('draws every size the pages ask for: cards, quick view, gallery, 360 view, brand logos and the 80x80 of suggestions', async () => {
    const asset = await productPhoto();
    const sizes = ['80x80', '160x160', '240x240', '300x300', '320x320', '480x480', '600x600', '720x720', '900x900', '1200x1200', '160x80'];
    for (const size of sizes) {
      const res = await request(testApp.app).get(`/assets/${asset.id}/${size}/${asset.name}`);
      expect({ size, status: res.status }).toEqual({ size, status: 200 });
    }
  });

  it('answers 404 to an unknown or malformed asset id', async () => {
    const { max } = await testApp.db.selectFrom('assets').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    for (const id of [Number(max) + 1, 'abc', '0', '99999999999999']) {
      const res = await request(testApp.app).get(`/assets/${id}/80x80/photo.jpg`);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
  });

  it('redirects a wrong asset name permanently to the current one', async () => {
    const asset = await productPhoto();
    const res = await request(testApp.app).get(`/assets/${asset.id}/80x80/old-name.jpg`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/assets/${asset.id}/80x80/${encodeURIComponent(asset.name)}${assetKeyQuery(asset.id)}`);
  });
});

async function storeAsset(parts: { name: string; mime: string; content: Buffer; width: number; height: number }): Promise<number> {
  const { id } = await testApp.db
    .insertInto('assets')
    .values({ ...parts, size: parts.content.length, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('GET /assets/{width}x{height}/nophoto.jpg and unusual originals', () => {
  it('draws the "no photo" picture at the requested size, in the negotiated format', async () => {
    const jpeg = await binary(request(testApp.app).get('/assets/80x80/nophoto.jpg').set('Accept', noWebp));
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['cache-control']).toContain('immutable');
    const jpegMeta = await sharp(jpeg.body as Buffer).metadata();
    expect([jpegMeta.width, jpegMeta.height]).toEqual([80, 80]);
    const wide = await binary(request(testApp.app).get('/assets/160x80/nophoto.jpg').set('Accept', webp));
    const wideMeta = await sharp(wide.body as Buffer).metadata();
    expect([wide.headers['content-type'], wideMeta.width, wideMeta.height]).toEqual(['image/webp', 160, 80]);
    expect((await request(testApp.app).get('/assets/0x80/nophoto.jpg')).status).toBe(400);
  });

  it('keeps transparency of a PNG original as PNG for browsers without WebP', async () => {
    const content = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const id = await storeAsset({ name: 'badge.png', mime: 'image/png', content, width: 64, height: 48 });
    const res = await binary(request(testApp.app).get(`/assets/${id}/80x80/badge.png${assetKeyQuery(id)}`).set('Accept', noWebp));
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 80, 80, true]);
  });

  it('shows "no photo", briefly cached, for an original it cannot decode or that exceeds the pixel limit', async () => {
    const broken = await storeAsset({ name: 'broken.jpg', mime: 'image/jpeg', content: Buffer.from('not an image'), width: 10, height: 10 });
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const bomb = await storeAsset({ name: 'huge.png', mime: 'image/png', content: huge, width: 8000, height: 6000 });
    for (const [id, name] of [[broken, 'broken.jpg'], [bomb, 'huge.png']] as const) {
      const res = await binary(request(testApp.app).get(`/assets/${id}/80x80/${name}${assetKeyQuery(id)}`).set('Accept', noWebp));
      expect({ name, status: res.status, cache: res.headers['cache-control'] }).toEqual({ name, status: 200, cache: 'public, max-age=300' });
      expect(res.headers.etag).toMatch(/nophoto/);
    }
  });
});

describe('assets under a base path', () => {
  const shop = useTestApp({ BASE_PATH: '/shop' });

  it('serves and redirects under {app}', async () => {
    const asset = await shop.db.selectFrom('assets').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const ok = await request(shop.app).get(`/shop/assets/${asset.id}/80x80/${asset.name}`);
    expect(ok.status).toBe(200);
    const moved = await request(shop.app).get(`/shop/assets/${asset.id}/80x80/renamed.jpg`);
    expect(moved.headers.location).toBe(`/shop/assets/${asset.id}/80x80/${encodeURIComponent(asset.name)}${assetKeyQuery(asset.id)}`);
    expect(existsSync(path.join(shop.config.DATA_DIR, 'storage', 'renditions', String(asset.id)))).toBe(true);
  });
});
