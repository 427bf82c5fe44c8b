import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { openPage, useBrowserTestBed } from './support/browser';

const bed = useBrowserTestBed();

/** The first department's list: product cards whose pictures come from the assets route. */
async function listPath(): Promise<string> {
  const category = await bed.server.db
    .selectFrom('categories')
    .innerJoin('category_translations as text', 'text.category_id', 'categories.id')
    .select(['categories.id', 'text.slug'])
    .where('categories.depth', '=', 1)
    .where('text.culture', '=', 'fr')
    .orderBy('categories.position')
    .executeTakeFirstOrThrow();
  return `/fr/catalog/category/${category.id}/${category.slug}`;
}

/** Every <img> served by the assets route, whether it decoded, and what its bytes were. */
async function assetImages(page: Page, types: Map<string, string>) {
  const images = await page.$$eval('img', (elements) =>
    elements
      .filter((image) => image.currentSrc.includes('/assets/'))
      .map((image) => ({ src: image.currentSrc, complete: image.complete, naturalWidth: image.naturalWidth })),
  );
  return images.map((image) => ({ ...image, type: types.get(image.src) }));
}

/** What each picture arrived as: its type and the pixel size of the bytes themselves. */
function recordTypes(page: Page): Map<string, string> {
  const types = new Map<string, string>();
  page.on('response', async (response) => {
    if (!response.url().includes('/assets/')) return;
    const meta = await sharp(await response.body()).metadata();
    types.set(response.url(), `${response.headers()['content-type']} ${meta.width}x${meta.height}`);
  });
  return types;
}

describe('product pictures in Chromium', () => {
  it('arrive as WebP at the size the card asks for, decoded, with JavaScript', async () => {
    const context = await bed.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const types = recordTypes(page);
    await page.goto(`${bed.server.url}${await listPath()}`, { waitUntil: 'load' });
    await page.waitForFunction(() => [...document.images].some((image) => image.currentSrc.includes('/assets/') && image.complete));
    await page.waitForLoadState('networkidle');
    const images = (await assetImages(page, types)).filter((image) => image.complete);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const asked = /\/assets\/\d+\/(\d+x\d+)\//.exec(image.src)?.[1];
      expect({ src: image.src, decoded: image.naturalWidth > 0, type: image.type }).toEqual({ src: image.src, decoded: true, type: `image/webp ${asked}` });
    }
    await context.close();
  });

  it('load from the <noscript> copies without JavaScript', async () => {
    const { page, context } = await openPage(bed.browser, `${bed.server.url}${await listPath()}`, { javaScript: false });
    await page.waitForLoadState('load');
    const images = await page.$$eval('img', (elements) =>
      elements.filter((image) => image.currentSrc.includes('/assets/')).map((image) => ({ src: image.currentSrc, naturalWidth: image.naturalWidth })),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((image) => image.naturalWidth === 0)).toEqual([]);
    await context.close();
  });
});
