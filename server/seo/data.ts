import type { Kysely } from 'kysely';
import type { Db } from '../db';
import { isVisible } from '../content/publishing';

// The one place the search-engine pieces read: every translated thing a visitor can be sent to (its
// slug, title, summary and picture per culture), for the hreflang alternates, the culture widget, the
// page's meta data and the sitemaps. Only what a visitor may see: active or published now.

export type Kind = 'product' | 'category' | 'tag' | 'page' | 'newsPost' | 'newsCategory' | 'faqCategory' | 'project' | 'projectCategory';

interface Source {
  entity: string;
  translations: string;
  key: string;
  visibility: 'active' | 'published' | 'always';
  title: string;
  /** The translation column read as the page's description; null when the thing has none. */
  description: string | null;
  /** The entity column of its picture (assets table); null when it has none of its own. */
  asset: string | null;
  /** The entity column of its date (news posts), for Article data. */
  date?: string;
}

const sources: Record<Kind, Source> = {
  product: { entity: 'products', translations: 'product_translations', key: 'product_id', visibility: 'active', title: 'name', description: 'description', asset: null },
  category: { entity: 'categories', translations: 'category_translations', key: 'category_id', visibility: 'active', title: 'name', description: 'description', asset: 'asset_id' },
  tag: { entity: 'tags', translations: 'tag_translations', key: 'tag_id', visibility: 'always', title: 'name', description: null, asset: null },
  page: { entity: 'pages', translations: 'page_translations', key: 'page_id', visibility: 'published', title: 'title', description: 'summary', asset: null },
  newsPost: { entity: 'news_posts', translations: 'news_post_translations', key: 'post_id', visibility: 'published', title: 'title', description: 'summary', asset: 'asset_id', date: 'posted_at' },
  newsCategory: { entity: 'news_categories', translations: 'news_category_translations', key: 'category_id', visibility: 'always', title: 'name', description: null, asset: null },
  faqCategory: { entity: 'faq_categories', translations: 'faq_category_translations', key: 'category_id', visibility: 'published', title: 'title', description: null, asset: null },
  project: { entity: 'projects', translations: 'project_translations', key: 'project_id', visibility: 'published', title: 'title', description: 'summary', asset: 'asset_id' },
  projectCategory: { entity: 'project_categories', translations: 'project_category_translations', key: 'category_id', visibility: 'published', title: 'name', description: 'summary', asset: 'asset_id' },
};

export interface Translation {
  id: number;
  culture: string;
  slug: string;
  title: string;
  description: string;
  assetId: number | null;
  /** Epoch ms (news posts); null otherwise. */
  date: number | null;
  /** The home page (pages only). */
  isHome: boolean;
}

// The tables differ by kind, so the query is built on an untyped view of the database; rows are mapped
// to Translation right after.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function translationsQuery(db: Db, kind: Kind, now: number) {
  const source = sources[kind];
  let query = (db as unknown as AnyDb)
    .selectFrom(`${source.translations} as t`)
    .innerJoin(`${source.entity} as e`, 'e.id', `t.${source.key}`)
    .select(['e.id as id', 't.culture as culture', 't.slug as slug', `t.${source.title} as title`]);
  if (source.description) query = query.select(`t.${source.description} as description`);
  if (source.asset) query = query.select(`e.${source.asset} as asset_id`);
  if (source.date) query = query.select(`e.${source.date} as date`);
  if (kind === 'page') query = query.select('e.is_home as is_home');
  if (source.visibility === 'active') query = query.where('e.is_active', '=', 1);
  if (source.visibility === 'published') query = query.where((eb) => isVisible(eb, 'e', now));
  return query;
}

function toTranslation(row: Record<string, unknown>): Translation {
  return {
    id: Number(row.id),
    culture: String(row.culture),
    slug: String(row.slug),
    title: String(row.title ?? ''),
    description: String(row.description ?? ''),
    assetId: row.asset_id === null || row.asset_id === undefined ? null : Number(row.asset_id),
    date: row.date === null || row.date === undefined ? null : Number(row.date),
    isHome: Number(row.is_home ?? 0) === 1,
  };
}

/** Every culture's translation of one visible thing, found by its id or by one culture's slug; [] when none. */
export async function findTranslations(db: Db, { kind, id, culture, slug, now }: { kind: Kind; id?: number; culture?: string; slug?: string; now: number }): Promise<Translation[]> {
  let entityId = id;
  if (entityId === undefined) {
    if (culture === undefined || slug === undefined) return [];
    const row = await translationsQuery(db, kind, now).where('t.culture', '=', culture).where('t.slug', '=', slug).executeTakeFirst();
    if (!row) return [];
    entityId = Number(row.id);
  }
  const rows = await translationsQuery(db, kind, now).where('e.id', '=', entityId).execute();
  return rows.map(toTranslation);
}

/** The home page's translations (the page with is_home), visible now. */
export async function findHomeTranslations(db: Db, { now }: { now: number }): Promise<Translation[]> {
  const rows = await translationsQuery(db, 'page', now).where('e.is_home', '=', 1).execute();
  return rows.map(toTranslation);
}

/** Every visible thing of a kind in every culture, ordered by id (the sitemaps). */
export async function listTranslations(db: Db, { kind, now }: { kind: Kind; now: number }): Promise<Translation[]> {
  const rows = await translationsQuery(db, kind, now).orderBy('e.id').orderBy('t.culture').execute();
  return rows.map(toTranslation);
}

/** A product's main category (its breadcrumb) and main picture (its first photo for every variant, else its first photo). */
export async function productSurroundings(db: Db, { productId }: { productId: number }): Promise<{ categoryId: number | null; assetId: number | null }> {
  const [product, image] = await Promise.all([
    db.selectFrom('products').select('category_id').where('id', '=', productId).executeTakeFirst(),
    db
      .selectFrom('product_images')
      .select('asset_id')
      .where('product_id', '=', productId)
      .where('kind', '=', 'photo')
      .orderBy((eb) => eb.case().when('value_id', 'is', null).then(0).else(1).end())
      .orderBy('position')
      .executeTakeFirst(),
  ]);
  return { categoryId: product?.category_id ?? null, assetId: image?.asset_id ?? null };
}

/** An asset's name (its rendition addresses end with it); null when it is gone. */
export async function assetName(db: Db, { assetId }: { assetId: number }): Promise<string | null> {
  const row = await db.selectFrom('assets').select('name').where('id', '=', assetId).executeTakeFirst();
  return row?.name ?? null;
}

/** Every brand's slug (one for all cultures), for the catalog sitemap. */
export async function listBrandSlugs(db: Db): Promise<string[]> {
  return (await db.selectFrom('brands').select('slug').orderBy('position').orderBy('id').execute()).map((row) => row.slug);
}
