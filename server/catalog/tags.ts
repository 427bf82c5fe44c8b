import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { emptyFilter } from './filters';
import { cacheFor } from './lists-cache';
import { listSearch, defaultListState } from './lists-query';
import type { CatalogReference } from './lists-reference';
import { brandPath } from './urls';

/**
 * The tag search page covers three entities (query parameter entityName): Product (the default: the
 * tagged products as a filterable list), Category and Brand (those holding tagged products, with how
 * many, each linking to its list filtered by the tag). Categories and brands sort by position or name.
 */
export const tagEntities = ['Product', 'Category', 'Brand'] as const;
export type TagEntity = (typeof tagEntities)[number];
export const entitySorts = ['position', 'name'] as const;
export type EntitySort = (typeof entitySorts)[number];

export interface TaggedEntity {
  id: number;
  name: string;
  /** Relative to {app}: the entity's list, filtered by the tag. */
  path: string;
  count: number;
}

async function countTagged(db: Db, tagId: number, entity: 'Category' | 'Brand'): Promise<Map<number, number>> {
  const tagged = db
    .selectFrom('product_tags as tagged')
    .innerJoin('products', 'products.id', 'tagged.product_id')
    .where('tagged.tag_id', '=', tagId)
    .where('products.is_active', '=', 1);
  const rows =
    entity === 'Category'
      ? await tagged
          .innerJoin('product_categories as member', 'member.product_id', 'products.id')
          .select((eb) => ['member.category_id as id', eb.fn.countAll().as('count')])
          .groupBy('member.category_id')
          .execute()
      : await tagged.select((eb) => ['products.brand_id as id', eb.fn.countAll().as('count')]).groupBy('products.brand_id').execute();
  return new Map(rows.filter((row) => row.id !== null).map((row) => [row.id as number, toNumber(row.count)]));
}

/** Categories or brands holding products with this tag, in the asked order. */
export async function listTaggedEntities(
  db: Db,
  { reference, culture, tagId, entity, sort }: { reference: CatalogReference; culture: string; tagId: number; entity: 'Category' | 'Brand'; sort: EntitySort },
): Promise<TaggedEntity[]> {
  const counts = await cacheFor<Map<number, number>>(db, 'catalog-tagged', 30_000, 100).get(`${tagId}:${entity}`, () => countTagged(db, tagId, entity));
  const search = listSearch(defaultListState(), { filter: { ...emptyFilter(), Tags: [tagId] } });
  const candidates =
    entity === 'Category'
      ? [...reference.categories.values()].map((node) => ({ id: node.id, name: node.name, path: node.path }))
      : [...reference.brands.values()].map((brand) => ({ id: brand.id, name: brand.name, path: brandPath(culture, brand.slug) }));
  const entities = candidates.filter((item) => counts.has(item.id)).map((item) => ({ ...item, path: item.path + search, count: counts.get(item.id)! }));
  if (sort === 'name') entities.sort((a, b) => a.name.localeCompare(b.name, culture));
  return entities;
}
