// Rows of the demo seed that the product-page tests need, looked up by what they are (never by id).
import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { clearCatalogCaches } from '../../server/catalog/lists-cache';
import { productPath } from '../../server/catalog/urls';
import { listVariants, type VariantRecord } from '../../server/catalog/variants-data';

export async function productSlug(db: Db, productId: number, culture = 'fr'): Promise<string> {
  const row = await db
    .selectFrom('product_translations')
    .select('slug')
    .where('product_id', '=', productId)
    .where('culture', '=', culture)
    .executeTakeFirstOrThrow();
  return row.slug;
}

/** The {app}-relative address of a product page in a culture. */
export async function productUrl(db: Db, productId: number, culture = 'fr'): Promise<string> {
  return productPath(culture, productId, await productSlug(db, productId, culture));
}

const activeProducts = (db: Db) =>
  db.selectFrom('products').select('id').where('is_active', '=', 1).where('available_until', 'is', null).orderBy('id');

/** Active variants of active products (no sale end), with their stock, in id order. */
export async function seedVariants(db: Db, limit = 400): Promise<VariantRecord[]> {
  const products = await activeProducts(db).limit(limit).execute();
  const variants: VariantRecord[] = [];
  for (const { id } of products) variants.push(...(await listVariants(db, { productId: id })));
  return variants.filter((variant) => variant.isActive);
}

/** The first variant (or the `skip`-th after it) of the demo seed that passes the test. */
export async function variantWhere(db: Db, test: (variant: VariantRecord) => boolean, skip = 0): Promise<VariantRecord> {
  const found = (await seedVariants(db, 120)).filter(test)[skip];
  if (!found) throw new Error('The demo seed has no such variant');
  return found;
}

/**
 * A product varying by colour and size, with at least two colours and an inactive variant whose colour
 * has active variants too (so its size is an unavailable value next to that colour).
 */
export async function twoAttributeProduct(db: Db): Promise<{ productId: number; variants: VariantRecord[]; inactive: VariantRecord }> {
  const rows = await sql<{ product_id: number }>`
    select v.product_id from product_variants v
    join products p on p.id = v.product_id and p.is_active = 1 and p.available_until is null and p.min_qty = 1 and p.step_qty = 1
    where exists (select 1 from product_variation_attributes a where a.product_id = v.product_id and a.position = 2)
      and exists (select 1 from product_variants off join product_variants sibling
                  on sibling.product_id = off.product_id and sibling.value_id1 = off.value_id1 and sibling.is_active = 1
                  where off.product_id = v.product_id and off.is_active = 0)
    group by v.product_id
    having count(distinct v.value_id1) >= 2
    order by v.product_id`.execute(db);
  if (rows.rows.length === 0) throw new Error('The demo seed has no two-attribute product with an inactive variant');
  const productId = Number(rows.rows[0].product_id);
  const variants = await listVariants(db, { productId });
  const inactive = variants.find(
    (variant) => !variant.isActive && variants.some((other) => other.isActive && other.valueIds[0] === variant.valueIds[0]),
  )!;
  return { productId, variants, inactive };
}

/**
 * Writes a site setting as an admin save would: the settings and pages kept for visitors are dropped
 * with it (clearCatalogCaches also clears the app's page cache).
 */
export async function setSetting(target: { db: Db }, key: string, value: string): Promise<void> {
  const { db } = target;
  await db
    .insertInto('site_settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
  clearCatalogCaches(db);
}
