// The asset widgets as the server renders them: each back-office asset field carries the spec's data
// attributes (section 3) and its texts in the page's culture, and names the asset library island; the
// library page names it too; visitors' pages and the back office's htmx region never hold a <script>
// htmx would not run anyway, and no visitor's page names the island.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml } from '../support/html';
import { resource } from '../support/resources';
import { signedInEditor } from './backoffice-helpers';

const testApp = useTestApp();
const ISLAND = /\/static\/dist\/asset-library-[A-Za-z0-9]+\.js/;

test('the news editor\'s picture and gallery fields carry the widget settings and name the island', async () => {
  const { agent } = await signedInEditor(testApp);
  for (const culture of ['fr', 'de'] as const) {
    const page = await agent.get(`/${culture}/backoffice/news/new`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const html = parseHtml(page.text);
    const picture = '[data-asset-field-name="AssetId"] [data-asset-widget]';
    expect(attributeOf(html, picture, 'data-asset-widget')).toBe('image');
    expect(attributeOf(html, picture, 'data-unique-id')).toBe('AssetId');
    expect(attributeOf(html, picture, 'data-crop')).toBe('1200,800');
    expect(attributeOf(html, picture, 'data-multiple')).toBe('false');
    expect(attributeOf(html, picture, 'data-accept')).toBe('.jpg,.jpeg,.png,.gif,.webp');
    expect(attributeOf(html, picture, 'data-max-file-size')).toBe(String(10 * 1024 * 1024));
    expect(JSON.parse(attributeOf(html, picture, 'data-file-type')!)).toEqual({ Image: true, Document: false });
    expect(attributeOf(html, '[data-asset-field-name="GalleryIds"] [data-asset-widget]', 'data-multiple')).toBe('true');
    const texts = JSON.parse(attributeOf(html, picture, 'data-texts')!);
    for (const key of ['NameChanged', 'ImageCropped', 'FileAdded', 'FileDeleted', 'EncodeCorrectImage', 'MinimumSize', 'PutCorrectFile']) {
      expect(texts[key]).toBe(resource(culture, `AssetsLibrary.Widget.${key}`));
    }
    expect([texts.Close, texts.UnknownError]).toEqual([resource(culture, 'Core.Close'), resource(culture, 'Core.ErrorServer')]);
    // Without JavaScript the plain field is there, a number to type.
    expect(attributeOf(html, '[data-asset-field-name="AssetId"] input[name="AssetId"]', 'type')).toBe('text');
    expect(attributesOf(html, 'script[data-asset-island]', 'src').every((src) => ISLAND.test(src ?? ''))).toBe(true);
    expect(attributesOf(html, 'script[data-asset-island]', 'src').length).toBeGreaterThan(0);
  }
});

test('the library page names the island; visitors\' pages never do', async () => {
  const { agent } = await signedInEditor(testApp);
  const library = await agent.get('/fr/backoffice/assets');
  expect(library.status).toBe(200);
  expect(attributeOf(parseHtml(library.text), 'script[data-asset-island]', 'src')).toMatch(ISLAND);
  for (const path of ['/fr/', '/fr/news', '/fr/about', '/fr/catalog', '/fr/security/login']) {
    const page = await request(testApp.app).get(path);
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/asset-library-[A-Za-z0-9]+\.(js|css)/);
    expect(page.text).not.toContain('data-asset-widget');
  }
});
