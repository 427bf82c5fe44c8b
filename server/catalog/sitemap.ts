import { cultures } from '../config';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { productPath } from './urls';

// The products sitemap: an index of files of SITEMAP_PAGE_SIZE products each; every product appears
// once per culture, each entry naming the other cultures' addresses (xhtml:link alternates). 2,000
// products make 12,000 <url> entries per file, within the protocol's 50,000 and 50 MB; 100,000
// products make 50 files. A file is written as it is read, 500 products at a time.

export const SITEMAP_PAGE_SIZE = 2000;
const BATCH_SIZE = 500;

export async function countSitemapPages(db: Db, pageSize = SITEMAP_PAGE_SIZE): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('count')).where('is_active', '=', 1).executeTakeFirst();
  return Math.max(1, Math.ceil(toNumber(row?.count) / pageSize));
}

export interface SitemapProduct {
  id: number;
  /** Slug per culture (a culture without a translation is left out). */
  slugs: Map<string, string>;
}

async function firstIdOfPage(db: Db, page: number, pageSize: number): Promise<number | null> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(1)
    .offset((page - 1) * pageSize)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function batchFrom(db: Db, fromId: number, limit: number): Promise<SitemapProduct[]> {
  const ids = (await db.selectFrom('products').select('id').where('is_active', '=', 1).where('id', '>=', fromId).orderBy('id').limit(limit).execute()).map(
    (row) => row.id,
  );
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('product_translations').select(['product_id', 'culture', 'slug']).where('product_id', 'in', ids).execute();
  const products = new Map(ids.map((id) => [id, { id, slugs: new Map<string, string>() }]));
  for (const row of rows) products.get(row.product_id)?.slugs.set(row.culture, row.slug);
  return [...products.values()];
}

/** The products of one sitemap file, in batches (keyset on id, so a late page costs no more than an early one). */
export async function* sitemapBatches(db: Db, { page, pageSize = SITEMAP_PAGE_SIZE }: { page: number; pageSize?: number }): AsyncGenerator<SitemapProduct[]> {
  let next = await firstIdOfPage(db, page, pageSize);
  let left = pageSize;
  while (next !== null && left > 0) {
    const batch = await batchFrom(db, next, Math.min(BATCH_SIZE, left));
    if (batch.length === 0) return;
    yield batch;
    left -= batch.length;
    next = batch[batch.length - 1].id + 1;
  }
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The <url> entries of a product: one per culture it is translated in, each listing them all as alternates. */
export function productEntries(product: SitemapProduct, siteUrl: string): string {
  const addresses = cultures.filter((culture) => product.slugs.has(culture)).map((culture) => ({
    culture,
    href: xml(siteUrl + productPath(culture, product.id, product.slugs.get(culture)!)),
  }));
  const alternates = addresses.map((address) => `<xhtml:link rel="alternate" hreflang="${address.culture}" href="${address.href}"/>`).join('');
  return addresses.map((address) => `<url><loc>${address.href}</loc>${alternates}</url>\n`).join('');
}

export const urlsetOpen =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const urlsetClose = '</urlset>\n';

export function sitemapIndex(siteUrl: string, pages: number): string {
  const entries = Array.from({ length: pages }, (_, index) => `<sitemap><loc>${xml(`${siteUrl}/sitemap-products-${index + 1}.xml`)}</loc></sitemap>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}
