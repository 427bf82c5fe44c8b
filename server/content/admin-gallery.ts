// A content item's gallery as the back office writes it (news posts, projects): its pictures by asset id,
// in order, each with its text alternative per culture. Replaced whole on every save (and restore), in
// the save's transaction.
import type { Kysely, Transaction } from 'kysely';
import { cultures, type Culture } from '../config';
import type { Db } from '../db';
import type { Database } from '../db/schema';

type Loose = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const loose = (db: Db | Transaction<Database>) => db as unknown as Loose;

export interface GalleryTables {
  /** news_post_images / project_images: id, {key}, asset_id, position. */
  table: 'news_post_images' | 'project_images';
  key: 'post_id' | 'project_id';
  /** news_post_image_translations / project_image_translations: image_id, culture, alt. */
  translations: 'news_post_image_translations' | 'project_image_translations';
}

export interface GalleryPicture {
  assetId: number;
  alts: Partial<Record<Culture, string>>;
}

export async function loadGallery(db: Db | Transaction<Database>, gallery: GalleryTables, id: number): Promise<GalleryPicture[]> {
  const images = await loose(db).selectFrom(gallery.table).select(['id', 'asset_id']).where(gallery.key, '=', id).orderBy('position').orderBy('id').execute();
  if (images.length === 0) return [];
  const alts = await loose(db).selectFrom(gallery.translations).select(['image_id', 'culture', 'alt']).where('image_id', 'in', images.map((image) => image.id)).execute();
  return images.map((image) => ({
    assetId: image.asset_id,
    alts: Object.fromEntries(alts.filter((alt) => alt.image_id === image.id && cultures.includes(alt.culture)).map((alt) => [alt.culture, alt.alt])),
  }));
}

export async function deleteGallery(trx: Transaction<Database>, gallery: GalleryTables, id: number): Promise<void> {
  const images = await loose(trx).selectFrom(gallery.table).select('id').where(gallery.key, '=', id).execute();
  if (images.length > 0) await loose(trx).deleteFrom(gallery.translations).where('image_id', 'in', images.map((image) => image.id)).execute();
  await loose(trx).deleteFrom(gallery.table).where(gallery.key, '=', id).execute();
}

export async function replaceGallery(trx: Transaction<Database>, gallery: GalleryTables, id: number, pictures: GalleryPicture[]): Promise<void> {
  await deleteGallery(trx, gallery, id);
  for (const [position, picture] of pictures.entries()) {
    const image = await loose(trx).insertInto(gallery.table).values({ [gallery.key]: id, asset_id: picture.assetId, position }).returning('id').executeTakeFirstOrThrow();
    for (const culture of cultures) {
      const alt = picture.alts[culture];
      if (alt) await loose(trx).insertInto(gallery.translations).values({ image_id: image.id, culture, alt }).execute();
    }
  }
}

/** The form's values of a gallery: the ids comma separated, each culture's alternatives one per line. */
export function galleryValues(pictures: GalleryPicture[]): Record<string, string> {
  const values: Record<string, string> = { GalleryIds: pictures.map((picture) => picture.assetId).join(',') };
  for (const culture of cultures) values[`GalleryAlts_${culture}`] = pictures.map((picture) => picture.alts[culture] ?? '').join('\n');
  return values;
}

/** A valid post's gallery: ids in order (repeats dropped), the nth line of each culture's text the nth picture's alternative. */
export function postedGallery(data: Record<string, unknown>): GalleryPicture[] {
  const ids = [...new Set(String(data.GalleryIds ?? '').split(',').map((id) => id.trim()).filter(Boolean).map(Number))];
  const lines = Object.fromEntries(cultures.map((culture) => [culture, String(data[`GalleryAlts_${culture}`] ?? '').split(/\r?\n/).map((line) => line.trim())]));
  return ids.map((assetId, index) => ({ assetId, alts: Object.fromEntries(cultures.flatMap((culture) => (lines[culture]![index] ? [[culture, lines[culture]![index]!.slice(0, 300)]] : []))) }));
}
