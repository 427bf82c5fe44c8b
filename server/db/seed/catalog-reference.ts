import { cultures } from '../../config';
import { AssetCache } from './catalog-assets';
import { logoSvg, sceneSvg, imageSize } from './catalog-images';
import { type Localised, SlugRegistry, slugify } from './catalog-random';
import { type IdSource, insertRows, RowBundle, type SeedDb } from './catalog-rows';
import { categoryDescription, categoryTree, type SeedCategory } from './catalog-tree';
import { productTypes } from './catalog-types';
import * as vocabulary from './catalog-vocabulary';

export interface SeedLeaf {
  id: number;
  key: string;
  /** The leaf and its ancestors: a product's product_categories rows. */
  path: number[];
  types: string[];
}

/** What product generation needs to know about the rows seeded before it. */
export interface CatalogContext {
  ids: IdSource;
  assets: AssetCache;
  leaves: SeedLeaf[];
  attributeIds: { colour: number; size: number; material: number };
  valueIds: Map<string, number>;
  brands: Record<vocabulary.SeedBrand['range'], { id: number; name: string }[]>;
  tagIds: Map<string, number>;
  warehouseIds: number[];
}

const english = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Categories, attributes and values, brands, tags and warehouses; returns their ids for the products. */
export async function seedReference(db: SeedDb, ids: IdSource): Promise<CatalogContext> {
  const assets = new AssetCache(ids);
  const bundle = new RowBundle();
  for (const [key, type] of Object.entries(productTypes)) {
    assets.use(bundle.assets, `scene:${key}`, () => ({ name: `${slugify(type.en)}.jpg`, content: sceneSvg({ silhouette: type.silhouette, caption: english(type.en) }), width: imageSize, height: imageSize }));
  }
  const brandRows = vocabulary.brands.map((brand, position) => ({
    id: ids.take('brands'),
    name: brand.name,
    slug: slugify(brand.name),
    asset_id: assets.add(bundle.assets, { name: `${slugify(brand.name)}-logo.jpg`, content: logoSvg(brand), width: 400, height: 200 }),
    position,
  }));
  await insertRows(db, 'assets', bundle.assets);
  await insertRows(db, 'brands', brandRows);
  const leaves = await seedCategories(db, ids, assets);
  const { attributeIds, valueIds } = await seedAttributes(db, ids);
  const byRange = (range: vocabulary.SeedBrand['range']) =>
    brandRows.filter((_, index) => vocabulary.brands[index].range === range).map(({ id, name }) => ({ id, name }));
  return {
    ids,
    assets,
    leaves,
    attributeIds,
    valueIds,
    brands: { fashion: byRange('fashion'), home: byRange('home') },
    tagIds: await seedTags(db, ids),
    warehouseIds: await seedWarehouses(db, ids),
  };
}

async function seedCategories(db: SeedDb, ids: IdSource, assets: AssetCache): Promise<SeedLeaf[]> {
  const categories: { id: number; parent_id: number | null; depth: number; position: number; asset_id: number | null; is_active: number }[] = [];
  const translations: { category_id: number; culture: string; name: string; slug: string; description: string }[] = [];
  const leaves: SeedLeaf[] = [];
  const slugs = new SlugRegistry();
  const firstType = (category: SeedCategory): string => category.types?.[0] ?? firstType(category.children![0]);
  const walk = (items: SeedCategory[], parent: { path: number[]; department: Localised | null }) => {
    items.forEach((category, position) => {
      const id = ids.take('categories');
      const asset = assets.use([], `scene:${firstType(category)}`, () => {
        throw new Error('Scene assets are drawn before the categories');
      });
      categories.push({ id, parent_id: parent.path[0] ?? null, depth: parent.path.length + 1, position, asset_id: asset, is_active: 1 });
      const own = {} as Localised;
      for (const culture of cultures) {
        own[culture] = slugs.claim(culture, slugify(category.name[culture]), parent.department?.[culture]);
        const description = categoryDescription[culture].replace('{name}', category.name[culture]);
        translations.push({ category_id: id, culture, name: category.name[culture], slug: own[culture], description });
      }
      const path = [id, ...parent.path];
      if (category.types) leaves.push({ id, key: category.key, path, types: category.types });
      if (category.children) walk(category.children, { path, department: parent.department ?? own });
    });
  };
  walk(categoryTree, { path: [], department: null });
  await insertRows(db, 'categories', categories);
  await insertRows(db, 'category_translations', translations);
  return leaves;
}

async function seedAttributes(db: SeedDb, ids: IdSource) {
  const attributeIds = { colour: ids.take('attributes'), size: ids.take('attributes'), material: ids.take('attributes') };
  await insertRows(db, 'attributes', [
    { id: attributeIds.colour, code: 'Colour', display_type: 'Square', position: 1, is_filterable: 1 },
    { id: attributeIds.size, code: 'Size', display_type: 'List', position: 2, is_filterable: 1 },
    { id: attributeIds.material, code: 'Material', display_type: 'List', position: 3, is_filterable: 1 },
  ]);
  await insertRows(
    db,
    'attribute_translations',
    (['colour', 'size', 'material'] as const).flatMap((key) =>
      cultures.map((culture) => ({ attribute_id: attributeIds[key], culture, name: vocabulary.attributeNames[key][culture] })),
    ),
  );
  const values: { id: number; attribute_id: number; code: string; position: number; color_code1: string | null; color_code2: string | null; color_code3: string | null }[] = [];
  const texts: { value_id: number; culture: string; display_value: string }[] = [];
  const valueIds = new Map<string, number>();
  const add = (prefix: string, attributeId: number, code: string, name: Localised | string, hex: (string | null)[] = [null, null, null]) => {
    const id = ids.take('attribute_values');
    valueIds.set(`${prefix}:${code}`, id);
    values.push({ id, attribute_id: attributeId, code, position: values.length, color_code1: hex[0], color_code2: hex[1], color_code3: hex[2] });
    for (const culture of cultures) texts.push({ value_id: id, culture, display_value: typeof name === 'string' ? name : name[culture] });
  };
  for (const colour of vocabulary.colours) add('colour', attributeIds.colour, colour.code, colour.name, colour.hex);
  for (const size of [...vocabulary.clothingSizes, ...vocabulary.shoeSizes]) add('size', attributeIds.size, size, size);
  for (const material of vocabulary.materials) {
    const display = Object.fromEntries(cultures.map((culture) => [culture, english(material.noun[culture])])) as Localised;
    add('material', attributeIds.material, material.code, display);
  }
  await insertRows(db, 'attribute_values', values);
  await insertRows(db, 'attribute_value_translations', texts);
  return { attributeIds, valueIds };
}

async function seedTags(db: SeedDb, ids: IdSource): Promise<Map<string, number>> {
  const tagIds = new Map(vocabulary.tags.map((tag) => [tag.code, ids.take('tags')]));
  await insertRows(db, 'tags', vocabulary.tags.map((tag) => ({ id: tagIds.get(tag.code)!, code: tag.code })));
  await insertRows(
    db,
    'tag_translations',
    vocabulary.tags.flatMap((tag) =>
      cultures.map((culture) => ({ tag_id: tagIds.get(tag.code)!, culture, name: tag.name[culture], slug: slugify(tag.name[culture]) })),
    ),
  );
  return tagIds;
}

async function seedWarehouses(db: SeedDb, ids: IdSource): Promise<number[]> {
  const rows = vocabulary.warehouses.map((warehouse, position) => ({
    id: ids.take('warehouses'),
    code: warehouse.code,
    name: warehouse.name,
    is_active: warehouse.isActive ? 1 : 0,
    position,
  }));
  await insertRows(db, 'warehouses', rows);
  return rows.filter((row) => row.is_active).map((row) => row.id);
}
