import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { refreshingValue } from './lists-cache';
import { type IndexRows, ProductIndex } from './lists-index';

/**
 * The lists' in-memory product index, read from the database at its first use and rebuilt in the
 * background every INDEX_TTL_MS (a changed price, brand, category or activation shows within that;
 * clearCatalogCaches(db) makes the next list wait for a fresh one). Four plain table reads.
 */
export const INDEX_TTL_MS = 5 * 60_000;

async function readIndexRows(db: Db): Promise<IndexRows> {
  // Only active products are read; the category, value and tag rows of inactive ones come along (a few)
  // and are dropped by the index: whole-table reads without a join stay fastest.
  const [products, categories, values, tags] = await Promise.all([
    db.selectFrom('products').select(['id', 'brand_id', 'price_from_cents', 'position', 'created_at']).where('is_active', '=', 1).execute(),
    db.selectFrom('product_categories').select(['product_id', 'category_id']).execute(),
    db.selectFrom('product_attribute_values').select(['product_id', 'attribute_id', 'value_id']).execute(),
    db.selectFrom('product_tags').select(['product_id', 'tag_id']).execute(),
  ]);
  return {
    products: products.map((row) => ({ id: row.id, brandId: row.brand_id, price: toNumber(row.price_from_cents), position: row.position, createdAt: toNumber(row.created_at) })),
    categories: categories.map((row) => ({ productId: row.product_id, categoryId: row.category_id })),
    values: values.map((row) => ({ productId: row.product_id, attributeId: row.attribute_id, valueId: row.value_id })),
    tags: tags.map((row) => ({ productId: row.product_id, tagId: row.tag_id })),
  };
}

export function productIndexFor(db: Db): Promise<ProductIndex> {
  return refreshingValue(db, 'product-index', INDEX_TTL_MS, async () => new ProductIndex(await readIndexRows(db)));
}

const nameOrders = new WeakMap<ProductIndex, Map<string, Promise<Int32Array>>>();

/** The slots in the culture's alphabetical order of names (sort=name), built at its first use. */
export function nameOrderFor(db: Db, index: ProductIndex, culture: string): Promise<Int32Array> {
  let byCulture = nameOrders.get(index);
  if (!byCulture) nameOrders.set(index, (byCulture = new Map()));
  let order = byCulture.get(culture);
  if (!order) byCulture.set(culture, (order = readNameOrder(db, index, culture)));
  return order;
}

async function readNameOrder(db: Db, index: ProductIndex, culture: string): Promise<Int32Array> {
  const rows = await db.selectFrom('product_translations').select(['product_id', 'name']).where('culture', '=', culture).execute();
  const collator = new Intl.Collator(culture);
  const named = rows.flatMap((row) => {
    const slot = index.slotOf(row.product_id);
    return slot === undefined ? [] : [{ slot, name: row.name }];
  });
  named.sort((a, b) => collator.compare(a.name, b.name) || a.slot - b.slot);
  return Int32Array.from(named, (entry) => entry.slot);
}
