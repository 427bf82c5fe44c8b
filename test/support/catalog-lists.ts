// Rows of the demo seed that the list tests need, looked up by what they are (never by id), and the
// counts the lists must show, computed here straight from the tables.
import type { Db } from '../../server/db';
import { toNumber } from '../../server/db/normalise';

/** A top-level category with sub-categories, with its French slug. */
export async function topCategory(db: Db, culture = 'fr') {
  return db
    .selectFrom('categories')
    .innerJoin('category_translations as text', 'text.category_id', 'categories.id')
    .select(['categories.id', 'text.slug', 'text.name'])
    .where('categories.parent_id', 'is', null)
    .where('text.culture', '=', culture)
    .orderBy('categories.position')
    .orderBy('categories.id')
    .executeTakeFirstOrThrow();
}

export async function childCategories(db: Db, parentId: number, culture = 'fr') {
  return db
    .selectFrom('categories')
    .innerJoin('category_translations as text', 'text.category_id', 'categories.id')
    .select(['categories.id', 'text.name', 'text.slug'])
    .where('categories.parent_id', '=', parentId)
    .where('text.culture', '=', culture)
    .orderBy('categories.position')
    .orderBy('categories.id')
    .execute();
}

/** Active products of a category (itself or below), optionally of one brand and holding one attribute value. */
export async function countInCategory(db: Db, categoryId: number, options: { brandId?: number; valueId?: number; tagId?: number } = {}) {
  let query = db
    .selectFrom('products')
    .innerJoin('product_categories as member', 'member.product_id', 'products.id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('member.category_id', '=', categoryId)
    .where('products.is_active', '=', 1);
  if (options.brandId) query = query.where('products.brand_id', '=', options.brandId);
  if (options.valueId) {
    const valueId = options.valueId;
    query = query.where('products.id', 'in', (eb) => eb.selectFrom('product_attribute_values').select('product_id').where('value_id', '=', valueId));
  }
  if (options.tagId) {
    const tagId = options.tagId;
    query = query.where('products.id', 'in', (eb) => eb.selectFrom('product_tags').select('product_id').where('tag_id', '=', tagId));
  }
  return toNumber((await query.executeTakeFirstOrThrow()).count);
}

export async function activeProductCount(db: Db) {
  return toNumber((await db.selectFrom('products').select((eb) => eb.fn.countAll().as('count')).where('is_active', '=', 1).executeTakeFirstOrThrow()).count);
}

/** The brand with the most active products in a category. */
export async function mainBrandOf(db: Db, categoryId: number) {
  const row = await db
    .selectFrom('products')
    .innerJoin('product_categories as member', 'member.product_id', 'products.id')
    .innerJoin('brands', 'brands.id', 'products.brand_id')
    .select((eb) => ['brands.id', 'brands.name', 'brands.slug', eb.fn.countAll().as('count')])
    .where('member.category_id', '=', categoryId)
    .where('products.is_active', '=', 1)
    .groupBy(['brands.id', 'brands.name', 'brands.slug'])
    .orderBy('count', 'desc')
    .orderBy('brands.id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, slug: row.slug, count: toNumber(row.count) };
}

/** A colour value (the 'Square' attribute) held by products of a category, with its French name. */
export async function colourIn(db: Db, categoryId: number, culture = 'fr') {
  return db
    .selectFrom('product_attribute_values as holder')
    .innerJoin('attributes', 'attributes.id', 'holder.attribute_id')
    .innerJoin('product_categories as member', 'member.product_id', 'holder.product_id')
    .innerJoin('attribute_value_translations as text', 'text.value_id', 'holder.value_id')
    .select(['holder.attribute_id', 'holder.value_id', 'text.display_value'])
    .where('attributes.display_type', '=', 'Square')
    .where('member.category_id', '=', categoryId)
    .where('text.culture', '=', culture)
    .orderBy('holder.value_id')
    .executeTakeFirstOrThrow();
}

export async function tagByCode(db: Db, code: string, culture = 'fr') {
  return db
    .selectFrom('tags')
    .innerJoin('tag_translations as text', 'text.tag_id', 'tags.id')
    .select(['tags.id', 'text.name', 'text.slug'])
    .where('tags.code', '=', code)
    .where('text.culture', '=', culture)
    .executeTakeFirstOrThrow();
}

/** The product ids of a list page, in order, from its cards. */
export const cardIds = (root: { querySelectorAll(selector: string): { getAttribute(name: string): string | undefined }[] }) =>
  root.querySelectorAll('.product-card, .product-row').map((card) => Number(card.getAttribute('data-product-id')));
