import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { type CatalogFilter, withoutGroup } from './filters';
import { type ListScope, matchingProducts } from './lists-data';

/** Price bands of the price facet, in cents of the "from" price (tax incl.). */
export const PRICE_BANDS = ['-2500', '2500-5000', '5000-10000', '10000-20000', '20000-'] as const;

export type Counts = Map<number, number>;

export interface FacetCounts {
  categories: Counts;
  brands: Counts;
  tags: Counts;
  /** Attribute id -> value id -> count. */
  attributes: Map<number, Counts>;
  prices: Map<string, number>;
}

const countsOf = (rows: { id: number | null; count: string | number | bigint }[]): Counts =>
  new Map(rows.filter((row) => row.id !== null).map((row) => [row.id!, toNumber(row.count)]));

/** Products per category among `categoryIds`, under the filter without its own categories. */
function categoryCounts(db: Db, scope: ListScope, filter: CatalogFilter, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_categories as member')
    .innerJoin('products', 'products.id', 'member.product_id')
    .select((eb) => ['member.category_id as id', eb.fn.countAll().as('count')])
    .where('member.category_id', 'in', categoryIds)
    .where((eb) => matchingProducts(eb, scope, withoutGroup(filter, 'Categories')))
    .groupBy('member.category_id')
    .execute();
}

function brandCounts(db: Db, scope: ListScope, filter: CatalogFilter) {
  return db
    .selectFrom('products')
    .select((eb) => ['products.brand_id as id', eb.fn.countAll().as('count')])
    .where((eb) => matchingProducts(eb, scope, withoutGroup(filter, 'Brands')))
    .groupBy('products.brand_id')
    .execute();
}

function tagCounts(db: Db, scope: ListScope, filter: CatalogFilter) {
  return db
    .selectFrom('product_tags as tagged')
    .innerJoin('products', 'products.id', 'tagged.product_id')
    .select((eb) => ['tagged.tag_id as id', eb.fn.countAll().as('count')])
    .where((eb) => matchingProducts(eb, scope, withoutGroup(filter, 'Tags')))
    .groupBy('tagged.tag_id')
    .execute();
}

/** Value counts of several attributes that share one filter (one grouped query for all of them). */
function attributeCounts(db: Db, scope: ListScope, filter: CatalogFilter, attributeIds: number[]) {
  if (attributeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_attribute_values as holder')
    .innerJoin('products', 'products.id', 'holder.product_id')
    .select((eb) => ['holder.attribute_id', 'holder.value_id as id', eb.fn.countAll().as('count')])
    .where('holder.attribute_id', 'in', attributeIds)
    .where((eb) => matchingProducts(eb, scope, filter))
    .groupBy(['holder.attribute_id', 'holder.value_id'])
    .execute();
}

async function priceCounts(db: Db, scope: ListScope, filter: CatalogFilter): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('products')
    .select((eb) => ['products.price_from_cents', eb.fn.countAll().as('count')])
    .where((eb) => matchingProducts(eb, scope, withoutGroup(filter, 'Price')))
    .groupBy('products.price_from_cents')
    .execute();
  const counts = new Map<string, number>(PRICE_BANDS.map((band) => [band, 0]));
  for (const row of rows) {
    const price = toNumber(row.price_from_cents);
    const band = PRICE_BANDS.find((candidate) => {
      const [min, max] = candidate.split('-');
      return (min === '' || price >= Number(min)) && (max === '' || price < Number(max));
    })!;
    counts.set(band, counts.get(band)! + toNumber(row.count));
  }
  return counts;
}

/**
 * The usual faceting: each group counts the products that match every OTHER selected filter, so a
 * visitor sees what ticking one more value of that group would add. Attributes without a selection
 * share one grouped query; each attribute with a selection gets its own (its values left out).
 */
export async function countFacets(
  db: Db,
  { scope, filter, categoryIds, attributeIds }: { scope: ListScope; filter: CatalogFilter; categoryIds: number[]; attributeIds: number[] },
): Promise<FacetCounts> {
  const selected = attributeIds.filter((id) => filter.ProductAttributes[id]);
  const unselected = attributeIds.filter((id) => !filter.ProductAttributes[id]);
  const [categories, brands, tags, prices, shared, ...own] = await Promise.all([
    categoryCounts(db, scope, filter, categoryIds),
    brandCounts(db, scope, filter),
    tagCounts(db, scope, filter),
    priceCounts(db, scope, filter),
    attributeCounts(db, scope, filter, unselected),
    ...selected.map((id) => attributeCounts(db, scope, withoutGroup(filter, `ProductAttributes.${id}`), [id])),
  ]);
  const attributes = new Map<number, Counts>(attributeIds.map((id) => [id, new Map()]));
  for (const row of [...shared, ...own.flat()]) attributes.get(row.attribute_id)!.set(row.id, toNumber(row.count));
  return { categories: countsOf(categories), brands: countsOf(brands), tags: countsOf(tags), attributes, prices };
}
