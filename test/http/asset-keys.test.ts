// Issue 28, item 4a: library files and pictures are not public by counting ids. Every address the
// server writes carries its asset's key (server/assets/keys.ts); without it an asset answers 404, as an
// unknown id does, but the catalog's pictures (which the spec lets the search box address by id).
import request from 'supertest';
import { assetKeyQuery } from '../../server/assets/keys';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml } from '../support/html';
import { editor, image, upload } from './asset-library-helpers';

const testApp = useTestApp();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const get = (url: string) => request(testApp.app).get(url);

/** What a visitor counting ids gets, the name guessed or not: the status of the file and a picture. */
async function counted(id: number, name: string) {
  const answers = await Promise.all([get(`/assets/file/${id}/${name}`), get(`/assets/file/${id}/guess.pdf`), get(`/assets/${id}/80x80/${name}`), get(`/assets/${id}/80x80/guess.jpg`)]);
  return answers.map((answer) => answer.status);
}

async function catalogPictureIds(): Promise<Set<number>> {
  const lists = await Promise.all([
    testApp.db.selectFrom('product_images').select('asset_id').execute(),
    testApp.db.selectFrom('categories').select('asset_id').where('asset_id', 'is not', null).execute(),
    testApp.db.selectFrom('brands').select('asset_id').where('asset_id', 'is not', null).execute(),
  ]);
  return new Set(lists.flat().map((row) => Number(row.asset_id)));
}

describe('a visitor counting asset ids', () => {
  test('gets 404 for an uploaded document and an image used nowhere; the keyed addresses work', async () => {
    const desk = await editor(testApp);
    const [document, picture] = (await upload(desk, [{ name: 'board minutes.pdf', bytes: pdf }, { name: 'unused.jpg', bytes: await image(320, 240) }])).body;
    expect(await counted(document.AssetId, 'board%20minutes.pdf')).toEqual([404, 404, 404, 404]);
    expect(await counted(picture.AssetId, 'unused.jpg')).toEqual([404, 404, 404, 404]);
    expect((await get(`/assets/file/${document.AssetId}/board%20minutes.pdf?key=AAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await get(`/assets/file/${document.AssetId}/board%20minutes.pdf${assetKeyQuery(picture.AssetId)}`)).status).toBe(404);
    // The addresses the library answers carry the key: the file itself, and the picture.
    const file = await get(document.Uri).buffer(true);
    expect([file.status, file.headers['content-type'], Buffer.compare(file.body as Buffer, pdf)]).toEqual([200, 'application/pdf', 0]);
    expect((await get(picture.thumbnail_url)).status).toBe(200);
    expect((await get(picture.Uri)).status).toBe(200);
  });

  test('a wrong name with the key still redirects to the current name, keeping the key', async () => {
    const desk = await editor(testApp);
    const [document] = (await upload(desk, [{ name: 'tariff.pdf', bytes: pdf }])).body;
    const moved = await get(`/assets/file/${document.AssetId}/old-name.pdf${assetKeyQuery(document.AssetId)}`);
    expect([moved.status, moved.headers.location]).toEqual([301, document.Uri]);
  });

  test('over every seeded asset, only the catalog pictures answer without a key', async () => {
    const open = await catalogPictureIds();
    const assets = await testApp.db.selectFrom('assets').select(['id', 'name']).orderBy('id').execute();
    const closed = assets.filter((asset) => !open.has(asset.id));
    expect(closed.length).toBeGreaterThan(10);
    const sample = [...closed, ...assets.filter((asset) => open.has(asset.id)).slice(0, 10)];
    const answered = new Map<number, number>();
    for (const asset of sample) answered.set(asset.id, (await get(`/assets/${asset.id}/80x80/${encodeURIComponent(asset.name)}`)).status);
    expect(sample.filter((asset) => answered.get(asset.id) !== (open.has(asset.id) ? 200 : 404)).map((asset) => [asset.id, asset.name, answered.get(asset.id)])).toEqual([]);
  });
});

describe('published pictures still load for visitors', () => {
  test("a product page's pictures, and the spec's keyless 80x80 address of a product photo", async () => {
    const product = await testApp.db
      .selectFrom('product_images').innerJoin('assets', 'assets.id', 'product_images.asset_id')
      .select(['assets.id', 'assets.name', 'product_images.product_id']).where('kind', '=', 'photo').orderBy('product_images.id').limit(1).executeTakeFirstOrThrow();
    expect((await get(`/assets/${product.id}/80x80/${encodeURIComponent(product.name)}`)).status).toBe(200);
    const page = await get(`/fr/catalog/product/${product.product_id}/x`).redirects(1);
    expect(page.status).toBe(200);
    const sources = attributesOf(parseHtml(page.text), 'img[src^="/assets/"]', 'src');
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources.slice(0, 5)) expect({ src, status: (await get(src!)).status }).toEqual({ src, status: 200 });
  });

  test("a published news post's picture loads from its page (kept by the page cache too), not by counting", async () => {
    const post = await testApp.db
      .selectFrom('news_posts').innerJoin('news_post_translations as t', 't.post_id', 'news_posts.id')
      .select(['news_posts.asset_id', 't.slug']).where('status', '=', 'published').where('publish_at', '<=', Date.now()).where('asset_id', 'is not', null)
      .where('t.culture', '=', 'fr').orderBy('news_posts.id').limit(1).executeTakeFirstOrThrow();
    for (let view = 0; view < 2; view++) {
      const href = attributeOf(parseHtml((await get(`/fr/news/${post.slug}`)).text), '.news-post-picture a', 'href')!;
      expect(href).toMatch(new RegExp(`^/assets/${post.asset_id}/1200x1200/[^?]+\\?key=[\\w-]{16}$`));
      const picture = await get(href);
      expect([picture.status, picture.headers['content-type']]).toEqual([200, expect.stringMatching(/^image\//)]);
      expect((await get(href.split('?')[0]!)).status).toBe(404);
    }
  });
});

describe('back-office users', () => {
  test('see every asset of the library page, pictures and files', async () => {
    const desk = await editor(testApp);
    const [document, picture] = (await upload(desk, [{ name: 'draft.pdf', bytes: pdf }, { name: 'draft.jpg', bytes: await image(200, 200) }])).body;
    const page = parseHtml((await desk.agent.get('/fr/backoffice/assets')).text);
    const links = attributesOf(page, '.asset-library-name', 'href');
    const thumbnails = attributesOf(page, 'img.asset-library-thumbnail', 'src');
    expect(links).toEqual(expect.arrayContaining([document.Uri, picture.Uri]));
    expect(thumbnails).toContain(picture.thumbnail_url);
    for (const address of [...links, ...thumbnails]) expect({ address, status: (await desk.agent.get(address!)).status }).toEqual({ address, status: 200 });
  });
});
