import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';
import type { CatalogFilter } from './filters';
import type { Sort } from './lists-query';

/** Which products a list starts from, before its filter. */
export type ListScope =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: number }
  | { kind: 'brand'; brandId: number }
  | { kind: 'tag'; tagId: number }
  /** Search results: the matching ids, best first (from the search index). */
  | { kind: 'search'; productIds: number[] };

type ProductsEb = ExpressionBuilder<Database, 'products'>;

export function priceBounds(band: string): { min: number | null; max: number | null } {
  const [min, max] = band.split('-');
  return { min: min === '' ? null : Number(min), max: max === '' ? null : Number(max) };
}

function scopeCondition(eb: ProductsEb, scope: ListScope): Expression<SqlBool> | null {
  switch (scope.kind) {
    case 'category':
      return eb('products.id', 'in', eb.selectFrom('product_categories').select('product_id').where('category_id', '=', scope.categoryId));
    case 'brand':
      return eb('products.brand_id', '=', scope.brandId);
    case 'tag':
      return eb('products.id', 'in', eb.selectFrom('product_tags').select('product_id').where('tag_id', '=', scope.tagId));
    case 'search':
      // Nothing found: a condition no row meets (SQLite binds no booleans).
      return scope.productIds.length ? eb('products.id', 'in', scope.productIds) : sql<SqlBool>`1 = 0`;
    default:
      return null;
  }
}

/**
 * Active products of the scope that pass the filter: ids within a key are alternatives, keys and
 * attributes narrow each other. Every test is an indexed lookup on the product id or a products column.
 */
export function matchingProducts(eb: ProductsEb, scope: ListScope, filter: CatalogFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('products.is_active', '=', 1)];
  const inScope = scopeCondition(eb, scope);
  if (inScope) conditions.push(inScope);
  if (filter.Categories.length) {
    const members = eb.selectFrom('product_categories').select('product_id').where('category_id', 'in', filter.Categories);
    conditions.push(eb('products.id', 'in', members));
  }
  if (filter.Brands.length) conditions.push(eb('products.brand_id', 'in', filter.Brands));
  if (filter.Tags.length) {
    conditions.push(eb('products.id', 'in', eb.selectFrom('product_tags').select('product_id').where('tag_id', 'in', filter.Tags)));
  }
  for (const [attributeId, valueIds] of Object.entries(filter.ProductAttributes)) {
    const holders = eb
      .selectFrom('product_attribute_values')
      .select('product_id')
      .where('attribute_id', '=', Number(attributeId))
      .where('value_id', 'in', valueIds);
    conditions.push(eb('products.id', 'in', holders));
  }
  if (filter.Price) {
    const { min, max } = priceBounds(filter.Price);
    if (min !== null) conditions.push(eb('products.price_from_cents', '>=', min));
    if (max !== null) conditions.push(eb('products.price_from_cents', '<', max));
  }
  return eb.and(conditions);
}

export interface ProductPage {
  productIds: number[];
  total: number;
}

/** One page of matching product ids in the asked order, and how many match in all. */
export async function findProductPage(
  db: Db,
  { culture, scope, filter, sort, pageIndex, pageSize }: { culture: string; scope: ListScope; filter: CatalogFilter; sort: Sort; pageIndex: number; pageSize: number },
): Promise<ProductPage> {
  if (scope.kind === 'search' && sort === 'relevance') return searchPage(db, { scope, filter, pageIndex, pageSize });
  const counted = db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => matchingProducts(eb, scope, filter))
    .executeTakeFirstOrThrow();
  let page = db
    .selectFrom('products')
    .select('products.id')
    .where((eb) => matchingProducts(eb, scope, filter))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  if (sort === 'name') {
    page = page
      .innerJoin('product_translations as text', (join) => join.onRef('text.product_id', '=', 'products.id').on('text.culture', '=', culture))
      .orderBy('text.name');
  } else if (sort === 'price-asc' || sort === 'price-desc') {
    page = page.orderBy('products.price_from_cents', sort === 'price-asc' ? 'asc' : 'desc');
  } else if (sort === 'newest') {
    page = page.orderBy('products.created_at', 'desc');
  } else {
    page = page.orderBy('products.position');
  }
  const [count, rows] = await Promise.all([counted, page.orderBy('products.id').execute()]);
  return { productIds: rows.map((row) => row.id), total: toNumber(count.count) };
}

/** Search results in relevance order: the index's order kept, the filter applied by the database. */
async function searchPage(
  db: Db,
  { scope, filter, pageIndex, pageSize }: { scope: Extract<ListScope, { kind: 'search' }>; filter: CatalogFilter; pageIndex: number; pageSize: number },
): Promise<ProductPage> {
  if (scope.productIds.length === 0) return { productIds: [], total: 0 };
  const rows = await db.selectFrom('products').select('products.id').where((eb) => matchingProducts(eb, scope, filter)).execute();
  const kept = new Set(rows.map((row) => row.id));
  const ordered = scope.productIds.filter((id) => kept.has(id));
  return { productIds: ordered.slice((pageIndex - 1) * pageSize, pageIndex * pageSize), total: ordered.length };
}
