import type { Db } from '../db';

// A product's pictures, read once: the gallery's photos and the 360 viewer's frames.

export interface ProductImage {
  assetId: number;
  name: string;
  width: number;
  height: number;
}

export interface ProductPhoto extends ProductImage {
  /** The attribute value (a colour) the photo shows; null for a photo of every variant. */
  valueId: number | null;
}

export interface ProductImages {
  photos: ProductPhoto[];
  /** The frames of the 360-degree view, in turning order (empty when the product has none). */
  spinFrames: ProductImage[];
}

/** Every picture of a product in one query, split by kind, in their order. */
export async function listProductImages(db: Db, { productId }: { productId: number }): Promise<ProductImages> {
  const rows = await db
    .selectFrom('product_images as i')
    .innerJoin('assets as a', 'a.id', 'i.asset_id')
    .select(['i.kind', 'i.value_id', 'a.id', 'a.name', 'a.width', 'a.height'])
    .where('i.product_id', '=', productId)
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  const images: ProductImages = { photos: [], spinFrames: [] };
  for (const row of rows) {
    const image = { assetId: row.id, name: row.name, width: row.width, height: row.height };
    if (row.kind === 'photo') images.photos.push({ ...image, valueId: row.value_id });
    else if (row.kind === 'spin') images.spinFrames.push(image);
  }
  return images;
}

/**
 * The photos for a variant: those of its values (its colour) first, then those for every variant.
 * Photos of other colours are left out, so choosing a colour shows that colour.
 */
export function galleryPhotos(photos: ProductPhoto[], valueIds: (number | null)[]): ProductPhoto[] {
  const own = photos.filter((photo) => photo.valueId !== null && valueIds.includes(photo.valueId));
  const shared = photos.filter((photo) => photo.valueId === null);
  return [...own, ...shared];
}
