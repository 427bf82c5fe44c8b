// The back office's queries on the news tables (visitors' are in data.ts): the descriptions the shared
// content writes use (server/content/admin-items.ts), the categories a form offers, and a post read
// whatever its state, for the preview.
import type { Culture } from '../config';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { ItemTables } from '../content/admin-items';
import { type NewsPost, postGallery } from './data';

export const newsPostTables: ItemTables = {
  entity: 'news-post',
  table: 'news_posts',
  translations: 'news_post_translations',
  key: 'post_id',
  slug: 'slug',
  label: 'title',
  columns: ['category_id', 'status', 'publish_at', 'unpublish_at', 'posted_at', 'asset_id'],
  texts: ['title', 'slug', 'summary', 'body_html', 'image_alt'],
  scope: 'category_id',
  created: true,
  gallery: { table: 'news_post_images', key: 'post_id', translations: 'news_post_image_translations' },
};

export const newsCategoryTables: ItemTables = {
  entity: 'news-category',
  table: 'news_categories',
  translations: 'news_category_translations',
  key: 'category_id',
  slug: 'slug',
  label: 'name',
  columns: ['parent_id'],
  texts: ['name', 'slug'],
  scope: 'parent_id',
  dependents: [
    { table: 'news_categories', column: 'parent_id' },
    { table: 'news_posts', column: 'category_id' },
  ],
};

export interface CategoryChoice {
  id: number;
  parentId: number | null;
  name: string;
}

/** Every category, named in the culture (or any culture it has), parents before their children. */
export async function categoryChoices(db: Db, { culture }: { culture: Culture }): Promise<CategoryChoice[]> {
  const rows = await db
    .selectFrom('news_categories as c')
    .leftJoin('news_category_translations as t', 't.category_id', 'c.id')
    .select(['c.id', 'c.parent_id', 'c.position', 't.culture', 't.name'])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  const choices = new Map<number, CategoryChoice>();
  for (const row of rows) {
    const known = choices.get(row.id);
    if (!known || (row.culture === culture && row.name)) choices.set(row.id, { id: row.id, parentId: row.parent_id, name: row.name ?? `#${row.id}` });
  }
  const all = [...choices.values()];
  return all.filter((choice) => choice.parentId === null).flatMap((parent) => [parent, ...all.filter((child) => child.parentId === parent.id)]).concat(
    all.filter((choice) => choice.parentId !== null && !all.some((parent) => parent.id === choice.parentId && parent.parentId === null)),
  );
}

/** A post in the culture whatever its state or window (the editor's preview), or null. */
export async function anyPost(db: Db, { id, culture }: { id: number; culture: Culture }): Promise<NewsPost | null> {
  const row = await db
    .selectFrom('news_posts')
    .innerJoin('news_post_translations as t', 't.post_id', 'news_posts.id')
    .leftJoin('assets', 'assets.id', 'news_posts.asset_id')
    .select(['news_posts.id', 'news_posts.category_id', 'news_posts.posted_at', 't.slug', 't.title', 't.summary', 't.image_alt', 't.body_html', 'assets.id as asset_id', 'assets.name as asset_name'])
    .where('news_posts.id', '=', id)
    .where('t.culture', '=', culture)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    categoryId: row.category_id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    postedAt: toNumber(row.posted_at),
    picture: row.asset_id === null ? null : { id: row.asset_id, name: row.asset_name ?? '', alt: row.image_alt },
    bodyHtml: row.body_html,
    gallery: await postGallery(db, { postId: id, culture }),
  };
}

/** Whether an asset exists (an image attached by id must name one). */
export async function assetExists(db: Db, { id }: { id: number }): Promise<boolean> {
  return Boolean(await db.selectFrom('assets').select('id').where('id', '=', id).executeTakeFirst());
}

/** Whether every one of these assets exists (a gallery's pictures). */
export async function assetsExist(db: Db, { ids }: { ids: number[] }): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db.selectFrom('assets').select('id').where('id', 'in', ids).execute();
  return rows.length === new Set(ids).size;
}
