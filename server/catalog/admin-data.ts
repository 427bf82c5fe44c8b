// The back office's product editor reads the catalog here (server/catalog/admin-routes.ts; its writes are
// admin-writes.ts): a page of products found by name, reference or SKU, one product with its variants,
// and what a revision keeps of it. 100,000 products in the bench seed: every list is indexed queries
// with a limit, never the whole table.
import { sql } from 'kysely';
import type { Db } from '../db';
import { toBoolean, toNumber } from '../db/normalise';
import type { Tx } from '../backoffice/revisions';

export interface AdminProductRow {
  id: number;
  reference: string;
  name: string | null;
  isActive: boolean;
  priceFromCents: number;
  currency: string;
}

export interface AdminVariant {
  id: number;
  sku: string;
  valueIds: (number | null)[];
  priceInclCents: number;
  priceExclCents: number;
  currency: string;
  isActive: boolean;
  tiers: { minQuantity: number; priceInclCents: number }[];
}

export interface AdminProduct extends AdminProductRow {
  version: number;
  slug: string | null;
  variants: AdminVariant[];
}

/**
 * A typed term as the start of a code (references and SKUs are stored in capitals: "TEE000123-RED-M"):
 * a range that the unique index reads (up to the term with its last character raised, which holds
 * every code it begins under any collation), and the exact prefix test (LIKE) over that range.
 */
function codeStart(term: string) {
  const start = term.toUpperCase();
  const last = start.charCodeAt(start.length - 1);
  const end = last < 0xffff ? `${start.slice(0, -1)}${String.fromCharCode(last + 1)}` : null;
  return { start, end, prefix: `${escapeLike(start)}%` };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const likeContains = (term: string) => `%${escapeLike(term.toLowerCase())}%`;

/**
 * The ids of a page of products matching `q` (a name in the culture, the start of a reference or of a
 * variant's SKU), by id, plus one more to tell whether a next page exists. Each branch reads an index
 * (reference and SKU ranges on their unique indexes, names on (culture, name)); no count of all matches.
 */
function matchingIds(db: Db, { culture, q }: { culture: string; q: string }) {
  const { start, end, prefix } = codeStart(q);
  const startsWith = (column: 'reference' | 'sku') => {
    const below = end === null ? sql`` : sql` and ${sql.ref(column)} < ${end}`;
    return sql<boolean>`${sql.ref(column)} >= ${start}${below} and ${sql.ref(column)} like ${prefix} escape '\\'`;
  };
  const byReference = db.selectFrom('products').select('id as product_id').where(startsWith('reference'));
  const bySku = db.selectFrom('product_variants').select('product_id').where(startsWith('sku'));
  const byName = db
    .selectFrom('product_translations')
    .select('product_id')
    .where('culture', '=', culture)
    .where(sql<boolean>`lower(${sql.ref('name')}) like ${likeContains(q)} escape '\\'`);
  return byReference.union(bySku).union(byName);
}

/** A page of products (all of them, inactive too), by id; `limit + 1` rows tell a next page. */
export async function listAdminProducts(db: Db, { culture, q, offset, limit }: { culture: string; q: string; offset: number; limit: number }): Promise<AdminProductRow[]> {
  let query = db
    .selectFrom('products as p')
    .leftJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'p.id').on('t.culture', '=', culture))
    .select(['p.id', 'p.reference', 'p.is_active', 'p.price_from_cents', 'p.currency', 't.name']);
  if (q) {
    // The page of matching ids first (the union sorted once), then those products' rows alone.
    const ids = (await matchingIds(db, { culture, q }).orderBy('product_id').limit(limit + 1).offset(offset).execute()).map((row) => row.product_id);
    if (ids.length === 0) return [];
    query = query.where('p.id', 'in', ids);
  } else {
    query = query.limit(limit + 1).offset(offset);
  }
  const rows = await query.orderBy('p.id').execute();
  return rows.map((row) => ({ id: row.id, reference: row.reference, name: row.name ?? null, isActive: toBoolean(row.is_active), priceFromCents: toNumber(row.price_from_cents), currency: row.currency }));
}

async function productVariants(db: Db | Tx, productId: number): Promise<AdminVariant[]> {
  const rows = await db
    .selectFrom('product_variants')
    .select(['id', 'sku', 'value_id1', 'value_id2', 'value_id3', 'price_incl_cents', 'price_excl_cents', 'currency', 'is_active'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const ids = rows.map((row) => row.id);
  const tiers = ids.length
    ? await db.selectFrom('tier_prices').select(['variant_id', 'min_quantity', 'price_incl_cents']).where('variant_id', 'in', ids).orderBy('min_quantity').execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    valueIds: [row.value_id1, row.value_id2, row.value_id3],
    priceInclCents: toNumber(row.price_incl_cents),
    priceExclCents: toNumber(row.price_excl_cents),
    currency: row.currency,
    isActive: toBoolean(row.is_active),
    tiers: tiers.filter((tier) => tier.variant_id === row.id).map((tier) => ({ minQuantity: toNumber(tier.min_quantity), priceInclCents: toNumber(tier.price_incl_cents) })),
  }));
}

/** One product with its name and slug in the culture and all its variants (inactive too), or null. */
export async function findAdminProduct(db: Db | Tx, { productId, culture }: { productId: number; culture: string }): Promise<AdminProduct | null> {
  const row = await db
    .selectFrom('products as p')
    .leftJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'p.id').on('t.culture', '=', culture))
    .select(['p.id', 'p.reference', 'p.is_active', 'p.price_from_cents', 'p.currency', 'p.version', 't.name', 't.slug'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    name: row.name ?? null,
    slug: row.slug ?? null,
    isActive: toBoolean(row.is_active),
    priceFromCents: toNumber(row.price_from_cents),
    currency: row.currency,
    version: toNumber(row.version),
    variants: await productVariants(db, productId),
  };
}

/** What a revision and the audit row keep of a product: its prices and flags (names are not edited here). */
export async function productPriceSnapshot(tx: Tx, productId: number) {
  const product = await tx.selectFrom('products').select(['id', 'reference', 'is_active', 'price_from_cents', 'currency']).where('id', '=', productId).executeTakeFirst();
  if (!product) return null;
  const variants = await productVariants(tx, productId);
  return { ...product, is_active: toBoolean(product.is_active), variants: variants.map(({ valueIds: _valueIds, ...variant }) => variant) };
}
