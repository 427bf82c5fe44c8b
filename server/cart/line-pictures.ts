import type { Db } from '../db';
import { firstPhotos } from '../catalog/cards';
import { type ImageSet, imageSet, pictures, productPath } from '../catalog/urls';
import { productSlugs } from './data';

// What the cart page shows beside a line: its product's first photo (the renditions of
// catalog/urls.ts pictures.cartLine) and the address of its product page.

export interface LineProduct {
  /** {app}/{culture}/catalog/product/{id}/{slug}, or null when the product has no page in the culture. */
  href: string | null;
  image: ImageSet;
}

/** Each product's picture and link, by product id. */
export async function lineProducts(db: Db, { productIds, culture, basePath }: { productIds: number[]; culture: string; basePath: string }): Promise<Map<number, LineProduct>> {
  const ids = [...new Set(productIds)];
  const [photos, slugs] = await Promise.all([firstPhotos(db, ids), productSlugs(db, { productIds: ids, culture })]);
  return new Map(ids.map((id) => {
    const slug = slugs.get(id);
    return [id, { href: slug === undefined ? null : basePath + productPath(culture, id, slug), image: imageSet(photos.get(id) ?? null, pictures.cartLine, basePath) }];
  }));
}
