import type { Db } from '../db';
import { firstPhotos } from './cards';
import { cacheFor, refreshingValue } from './lists-cache';
import { SearchIndex, normaliseText } from './search-index';
import { type Asset, productPath } from './urls';

/**
 * One search index per culture and database, built from the database at its first use. After
 * INDEX_TTL_MS it is rebuilt in the background while the old one keeps answering, so a new or renamed
 * product is found within that time; clearCatalogCaches(db) makes the next search wait for a fresh one.
 */
export const INDEX_TTL_MS = 5 * 60_000;
/** Search page: how many matches, at most, a search lists (best first). */
export const SEARCH_PAGE_LIMIT = 1000;
export const DEFAULT_ACCURACY = 0.3;

/** The first photo of every product, shared by the cultures' indexes built about the same time. */
function firstPhotosOfAll(db: Db): Promise<Map<number, Asset>> {
  return cacheFor<Map<number, Asset>>(db, 'first-photos', 60_000, 1).get('all', () => firstPhotos(db));
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
  return new SearchIndex(
    rows.map((row) => {
      const photo = photos.get(row.id);
      return { id: row.id, name: row.name, slug: row.slug, position: row.position, photo: photo ? { AssetId: photo.id, AssetName: photo.name } : null };
    }),
  );
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

/** The cache name of a search: texts that normalise alike share results. */
export const searchKey = (q: string) => `search:${normaliseText(q)}`;

/** Search matches are kept as long as the list bodies they fill (lists-page.ts renderListBody). */
const SEARCH_TTL_MS = 30_000;

/**
 * The search page's matches, best first, kept per culture and search: every request of a list asks
 * for them (its scope) before the list body's cache answers, and then costs no search.
 */
export function searchProductIds(db: Db, { culture, q }: { culture: string; q: string }): Promise<number[]> {
  return cacheFor<number[]>(db, 'catalog-search', SEARCH_TTL_MS, 300).get(`${culture}:${searchKey(q)}`, async () => {
    const index = await searchIndexFor(db, culture);
    return index.search(q, { accuracy: DEFAULT_ACCURACY, limit: SEARCH_PAGE_LIMIT }).map((product) => product.id);
  });
}
