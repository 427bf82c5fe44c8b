import type { Db } from '../db';
import { type ImageSet, imageSet, pictures } from './urls';

// A variant as a shopper chose it: its option values in words in the culture ("Bleu ciel, M") and its
// picture (its colour's photo, else the product's first). The add-to-cart dialog, the cart's lines and
// an order's lines (confirmation page, mail) read it, so a line never shows only a code.

export interface VariantOptions {
  /** The values in variation order (position 1 first), each in the culture, else its code. */
  values: string[];
  /** The values joined for a line: "Bleu ciel, M" ('' for a product without variation). */
  text: string;
  /** The photo's asset, or null when the product has none. */
  image: { id: number; name: string } | null;
}

async function variantRows(db: Db, variantIds: number[]) {
  return db.selectFrom('product_variants').select(['id', 'product_id', 'value_id1', 'value_id2', 'value_id3']).where('id', 'in', variantIds).execute();
}

async function valueNames(db: Db, { valueIds, culture }: { valueIds: number[]; culture: string }): Promise<Map<number, string>> {
  if (!valueIds.length) return new Map();
  const rows = await db
    .selectFrom('attribute_values as v')
    .leftJoin('attribute_value_translations as t', (join) => join.onRef('t.value_id', '=', 'v.id').on('t.culture', '=', culture))
    .select(['v.id', 'v.code', 't.display_value'])
    .where('v.id', 'in', valueIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.display_value ?? row.code]));
}

async function productPhotos(db: Db, productIds: number[]) {
  return db
    .selectFrom('product_images as i')
    .innerJoin('assets as a', 'a.id', 'i.asset_id')
    .select(['i.product_id', 'i.value_id', 'a.id', 'a.name'])
    .where('i.product_id', 'in', productIds)
    .where('i.kind', '=', 'photo')
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
}

type PhotoRow = Awaited<ReturnType<typeof productPhotos>>[number];

/** The photo of a variant's colour (the first photo of one of its values), else its product's first shared photo, else its first. */
function photoOf(photos: PhotoRow[], productId: number, valueIds: number[]): PhotoRow | null {
  const own = photos.filter((photo) => photo.product_id === productId);
  return (
    own.find((photo) => photo.value_id !== null && valueIds.includes(photo.value_id)) ??
    own.find((photo) => photo.value_id === null) ??
    own[0] ??
    null
  );
}

/** The options of each variant asked (unknown ids are left out), in the culture. */
export async function variantOptions(db: Db, { variantIds, culture }: { variantIds: number[]; culture: string }): Promise<Map<number, VariantOptions>> {
  const ids = [...new Set(variantIds)];
  if (!ids.length) return new Map();
  const variants = await variantRows(db, ids);
  const valueIdsOf = (row: (typeof variants)[number]) => [row.value_id1, row.value_id2, row.value_id3].filter((id): id is number => id !== null);
  const [names, photos] = await Promise.all([
    valueNames(db, { valueIds: [...new Set(variants.flatMap(valueIdsOf))], culture }),
    variants.length ? productPhotos(db, [...new Set(variants.map((row) => row.product_id))]) : [],
  ]);
  return new Map(
    variants.map((row) => {
      const values = valueIdsOf(row).map((id) => names.get(id) ?? '').filter(Boolean);
      const photo = photoOf(photos, row.product_id, valueIdsOf(row));
      return [row.id, { values, text: values.join(', '), image: photo ? { id: photo.id, name: photo.name } : null }];
    }),
  );
}

/** A line's small picture (the cart's and the dialog's), with {app}; the no-photo image when there is none. */
export function optionsPicture(options: VariantOptions | null | undefined, basePath: string): ImageSet {
  return imageSet(options?.image ?? null, pictures.galleryThumb, basePath);
}
