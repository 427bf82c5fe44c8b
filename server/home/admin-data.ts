// The back office's reads on the home tables besides the shared items' engine (server/content/admin-items.ts):
// the sliders and image-map banners an editor chooses from, and whether a posted one exists.
import type { Db } from '../db';

export interface Choice {
  id: number;
  name: string;
}

/** The banner sliders ('hero', 'collection') in order, named by their key. */
export async function listBannerChoices(db: Db): Promise<Choice[]> {
  const rows = await db.selectFrom('home_banners').select(['id', 'banner_key']).orderBy('position').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, name: row.banner_key }));
}

/** The image-map banners in order, named by their title in the culture (or their number). */
export async function listImageMapChoices(db: Db, { culture }: { culture: string }): Promise<Choice[]> {
  const rows = await db
    .selectFrom('image_map_banners')
    .leftJoin('image_map_banner_translations as t', (join) => join.onRef('t.banner_id', '=', 'image_map_banners.id').on('t.culture', '=', culture))
    .select(['image_map_banners.id', 't.title'])
    .orderBy('image_map_banners.position')
    .orderBy('image_map_banners.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.title || `#${row.id}` }));
}

/** Whether another slider (not `id`) already has this key. */
export async function bannerKeyTaken(db: Db, { key, id }: { key: string; id: number | null }): Promise<boolean> {
  let query = db.selectFrom('home_banners').select('id').where('banner_key', '=', key);
  if (id !== null && id !== undefined) query = query.where('id', '<>', id);
  return Boolean(await query.executeTakeFirst());
}
