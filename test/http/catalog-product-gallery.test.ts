import request from 'supertest';
import { useTestApp } from '../support/app';
import { productUrl, setSetting, twoAttributeProduct } from '../support/catalog-product';
import { parseHtml } from '../support/html';

// The gallery's thumbnail strip: 5 per view, 4 in the catalog gallery variant (spec section 9), on the
// page and in the fragment the variant change asks for.

const testApp = useTestApp();

async function slidesOf(path: string) {
  const answer = await request(testApp.app).get(path);
  expect(answer.status).toBe(200);
  const gallery = parseHtml(answer.text).querySelector('#catalog-photos-gallery')!;
  const lazy = [...gallery.querySelectorAll('.gallery-thumb img')].map((image) => image.getAttribute('loading'));
  return { slides: gallery.getAttribute('data-slides'), eager: lazy.filter((value) => value !== 'lazy').length, count: lazy.length };
}

describe('the photo gallery variant', () => {
  it('shows 5 thumbnails per view by default and 4 with catalog.galleryVariant = catalog', async () => {
    const { productId, variants } = await twoAttributeProduct(testApp.db);
    const variant = variants.find((row) => row.isActive)!;
    const page = await productUrl(testApp.db, productId);
    const fragment = `/fr/widget/catalog/ProductPhotosGallery?productId=${productId}&productVariantId=${variant.id}`;
    const before = await slidesOf(page);
    expect(before.slides).toBe('5');
    expect(before.eager).toBe(Math.min(5, before.count));

    await setSetting(testApp, 'catalog.galleryVariant', 'catalog');
    for (const path of [page, fragment]) {
      const after = await slidesOf(path);
      expect(after.slides).toBe('4');
      expect(after.eager).toBe(Math.min(4, after.count));
    }
    await setSetting(testApp, 'catalog.galleryVariant', '');
    expect((await slidesOf(fragment)).slides).toBe('5');
  });
});
