import type { Db } from '../db';

// The gallery's photos and the 360 viewer's frames of a product.

export interface ProductImage {
  assetId: number;
  name: string;
  width: number;
  height: number;
}

async function listImages(db: Db, productId: number, kind: 'photo' | 'spin') {
  return db
    .selectFrom('product_images as i')
    .innerJoin('assets as a', 'a.id', 'i.asset_id')
    .select(['i.value_id', 'a.id', 'a.name', 'a.width', 'a.height'])
    .where('i.product_id', '=', productId)
    .where('i.kind', '=', kind)
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
}

const image = (row: { id: number; name: string; width: number; height: number }): ProductImage => ({
  assetId: row.id,
  name: row.name,
  width: row.width,
  height: row.height,
});

/**
 * The photos for a variant: those of its values (its colour) first, then those for every variant.
 * Photos of other colours are left out, so choosing a colour shows that colour.
 */
export async function listGallery(db: Db, { productId, valueIds }: { productId: number; valueIds: (number | null)[] }): Promise<ProductImage[]> {
  const rows = await listImages(db, productId, 'photo');
  const own = rows.filter((row) => row.value_id !== null && valueIds.includes(row.value_id));
  const shared = rows.filter((row) => row.value_id === null);
  return [...own, ...shared].map(image);
}

/** The frames of the 360-degree view, in turning order (empty when the product has none). */
export async function listSpinFrames(db: Db, { productId }: { productId: number }): Promise<ProductImage[]> {
  return (await listImages(db, productId, 'spin')).map(image);
}
