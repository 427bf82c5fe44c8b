import type { Db } from '../db';
import { toBoolean } from '../db/normalise';
import { cacheFor } from './lists-cache';
import { type Asset, categoryPath } from './urls';

/**
 * The small, shared catalog data lists and facets name things with: the category tree, brands, tags,
 * filterable attributes and their values, in one culture, plus the list settings. A few hundred rows,
 * read once a minute per culture instead of on every request (the product page's breadcrumb and brand
 * carousel read it too).
 */
export interface CategoryNode {
  id: number;
  parentId: number | null;
  depth: number;
  name: string;
  slug: string;
  description: string;
  /** Relative to {app}. */
  path: string;
  children: number[];
}

export interface AttributeValue {
  id: number;
  name: string;
  colors: string[];
}

export interface FilterAttribute {
  id: number;
  name: string;
  displayType: string;
  values: AttributeValue[];
}

export interface ListSettings {
  /** Site setting 'theme': the filter panel is not shown on the Corporate theme. */
  theme: string;
  /** Site setting 'catalog.filterRefreshOnClick' ('false' turns it off): see docs/catalog.md. */
  refreshOnClick: boolean;
}

export interface BrandNode {
  id: number;
  name: string;
  slug: string;
  /** The logo (the product page's brand carousel). */
  logo: Asset | null;
}

export interface CatalogReference {
  categories: Map<number, CategoryNode>;
  roots: number[];
  /** In their order (position). */
  brands: Map<number, BrandNode>;
  tags: Map<number, { id: number; name: string; slug: string }>;
  attributes: FilterAttribute[];
  settings: ListSettings;
  /** The catalog's currency (price bands are told in it). */
  currency: string;
}

const REFERENCE_TTL_MS = 60_000;

export function loadReference(db: Db, culture: string): Promise<CatalogReference> {
  return cacheFor<CatalogReference>(db, 'catalog-reference', REFERENCE_TTL_MS, 12).get(culture, () => readReference(db, culture));
}

async function readReference(db: Db, culture: string): Promise<CatalogReference> {
  const [categories, brands, tags, attributes, settings, currency] = await Promise.all([
    readCategories(db, culture),
    db
      .selectFrom('brands')
      .leftJoin('assets', 'assets.id', 'brands.asset_id')
      .select(['brands.id', 'brands.name', 'brands.slug', 'assets.id as asset_id', 'assets.name as asset_name'])
      .orderBy('brands.position')
      .orderBy('brands.name')
      .execute(),
    db
      .selectFrom('tags')
      .innerJoin('tag_translations as text', 'text.tag_id', 'tags.id')
      .select(['tags.id', 'text.name', 'text.slug'])
      .where('text.culture', '=', culture)
      .orderBy('text.name')
      .execute(),
    readAttributes(db, culture),
    readSettings(db),
    db.selectFrom('products').select('currency').limit(1).executeTakeFirst(),
  ]);
  const roots = [...categories.values()].filter((node) => node.parentId === null).map((node) => node.id);
  return {
    categories,
    roots,
    brands: new Map(
      brands.map(({ asset_id, asset_name, ...brand }) => [brand.id, { ...brand, logo: asset_id === null ? null : { id: asset_id, name: asset_name ?? '' } }]),
    ),
    tags: new Map(tags.map((tag) => [tag.id, tag])),
    attributes,
    settings,
    currency: currency?.currency ?? 'EUR',
  };
}

async function readCategories(db: Db, culture: string): Promise<Map<number, CategoryNode>> {
  const rows = await db
    .selectFrom('categories')
    .innerJoin('category_translations as text', 'text.category_id', 'categories.id')
    .select(['categories.id', 'categories.parent_id', 'categories.depth', 'text.name', 'text.slug', 'text.description'])
    .where('text.culture', '=', culture)
    .where('categories.is_active', '=', 1)
    .orderBy('categories.position')
    .orderBy('categories.id')
    .execute();
  const nodes = new Map<number, CategoryNode>(
    rows.map((row) => [row.id, { id: row.id, parentId: row.parent_id, depth: row.depth, name: row.name, slug: row.slug, description: row.description, path: categoryPath(culture, row.id, row.slug), children: [] }]),
  );
  for (const node of nodes.values()) if (node.parentId !== null) nodes.get(node.parentId)?.children.push(node.id);
  return nodes;
}

async function readAttributes(db: Db, culture: string): Promise<FilterAttribute[]> {
  const rows = await db
    .selectFrom('attributes')
    .innerJoin('attribute_translations as name', (join) => join.onRef('name.attribute_id', '=', 'attributes.id').on('name.culture', '=', culture))
    .innerJoin('attribute_values as value', 'value.attribute_id', 'attributes.id')
    .innerJoin('attribute_value_translations as text', (join) => join.onRef('text.value_id', '=', 'value.id').on('text.culture', '=', culture))
    .select(['attributes.id', 'attributes.display_type', 'attributes.is_filterable', 'name.name', 'value.id as value_id', 'text.display_value'])
    .select(['value.color_code1', 'value.color_code2', 'value.color_code3'])
    .orderBy('attributes.position')
    .orderBy('attributes.id')
    .orderBy('value.position')
    .orderBy('value.id')
    .execute();
  const attributes = new Map<number, FilterAttribute>();
  for (const row of rows) {
    if (!toBoolean(row.is_filterable)) continue;
    let attribute = attributes.get(row.id);
    if (!attribute) attributes.set(row.id, (attribute = { id: row.id, name: row.name, displayType: row.display_type, values: [] }));
    const colors = [row.color_code1, row.color_code2, row.color_code3].filter((color): color is string => Boolean(color));
    attribute.values.push({ id: row.value_id, name: row.display_value, colors });
  }
  return [...attributes.values()];
}

async function readSettings(db: Db): Promise<ListSettings> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('key', 'in', ['theme', 'catalog.filterRefreshOnClick']).execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return { theme: value('theme') ?? 'Default', refreshOnClick: value('catalog.filterRefreshOnClick') !== 'false' };
}

/** The category and its ancestors, root first (the breadcrumb). */
export function categoryTrail(reference: CatalogReference, categoryId: number): CategoryNode[] {
  const trail: CategoryNode[] = [];
  for (let node = reference.categories.get(categoryId); node; node = node.parentId === null ? undefined : reference.categories.get(node.parentId)) {
    trail.unshift(node);
  }
  return trail;
}
