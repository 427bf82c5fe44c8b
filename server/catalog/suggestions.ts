import type { Db } from '../db';
import { refreshingValue } from './lists-cache';
import { type IndexedProduct, SearchIndex, normaliseText } from './search-index';
import { productPath } from './urls';

/**
 * One search index per culture and database, built from the database at its first use. After
 * INDEX_TTL_MS it is rebuilt in the background while the old one keeps answering, so a new or renamed
 * product is found within that time; clearCatalogCaches(db) makes the next search wait for a fresh one.
 */
export const INDEX_TTL_MS = 5 * 60_000;
/** Search page: how many matches, at most, a search lists (best first). */
export const SEARCH_PAGE_LIMIT = 1000;
export const DEFAULT_ACCURACY = 0.3;

async function firstPhotosOfAll(db: Db): Promise<Map<number, IndexedProduct['photo']>> {
  const rows = await db
    .selectFrom('product_images as image')
    .innerJoin('assets', 'assets.id', 'image.asset_id')
    .select(['image.product_id', 'assets.id', 'assets.name'])
    .where('image.kind', '=', 'photo')
    .orderBy('image.product_id')
    .orderBy('image.position')
    .execute();
  const photos = new Map<number, IndexedProduct['photo']>();
  for (const row of rows) if (!photos.has(row.product_id)) photos.set(row.product_id, { AssetId: row.id, AssetName: row.name });
  return photos;
}

async function buildIndex(db: Db, culture: string): Promise<SearchIndex> {
  const [rows, photos] = await Promise.all([
    db
      .selectFrom('products')
      .innerJoin('product_translations as text', (join) => join.onRef('text.product_id', '=', 'products.id').on('text.culture', '=', culture))
      .select(['products.id', 'products.position', 'text.name', 'text.slug'])
      .where('products.is_active', '=', 1)
      .execute(),
    firstPhotosOfAll(db),
  ]);
  return new SearchIndex(rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, position: row.position, photo: photos.get(row.id) ?? null })));
}

export function searchIndexFor(db: Db, culture: string): Promise<SearchIndex> {
  return refreshingValue(db, `search-index:${culture}`, INDEX_TTL_MS, () => buildIndex(db, culture));
}

/** The spec's search suggestion: Name, Photo ({AssetId, AssetName} or null), ProductUrl (relative to {app}). */
export interface Suggestion {
  Name: string;
  Photo: { AssetId: number; AssetName: string } | null;
  ProductUrl: string;
}

export async function suggestProducts(
  db: Db,
  { culture, q, nbrResults, accuracy }: { culture: string; q: string; nbrResults: number; accuracy: number },
): Promise<Suggestion[]> {
  const index = await searchIndexFor(db, culture);
  return index
    .search(q, { accuracy, limit: nbrResults })
    .map((product) => ({ Name: product.name, Photo: product.photo, ProductUrl: productPath(culture, product.id, product.slug) }));
}

/** The search page's matches, best first. */
export async function searchProductIds(db: Db, { culture, q }: { culture: string; q: string }): Promise<number[]> {
  const index = await searchIndexFor(db, culture);
  return index.search(q, { accuracy: DEFAULT_ACCURACY, limit: SEARCH_PAGE_LIMIT }).map((product) => product.id);
}

/** The cache name of a search: texts that normalise alike share results. */
export const searchKey = (q: string) => `search:${normaliseText(q)}`;
