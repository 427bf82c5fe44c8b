import { sql } from 'kysely';
import { demoAccounts } from './accounts';
import { generateProduct } from './catalog-products';
import { SlugRegistry } from './catalog-random';
import { type CatalogContext, seedReference } from './catalog-reference';
import { IdSource, insertRows, RowBundle, type SeedDb } from './catalog-rows';
import { productTypes } from './catalog-types';

/** 16 products in each of the 27 leaf categories. */
export const demoProductCount = 432;
const chunkSize = 500;
export const demoCustomerEmail = demoAccounts.find((account) => account.roles.includes('customer'))!.email;

export interface CatalogSeedOptions {
  /** How many products (the demo has 432; `db:seed -- --products 100000` builds a benchmark catalog). */
  products?: number;
  onProgress?: (done: number, total: number) => void;
  now?: number;
}

/**
 * The demo catalog: categories, attributes, brands, tags, warehouses, then products in chunks of 500
 * (variants, prices, stock, images, tags), associations and the demo customer's own references.
 * Deterministic: product n is the same on every run and on either database.
 */
export async function seedCatalog(db: SeedDb, options: CatalogSeedOptions = {}): Promise<void> {
  const total = options.products ?? demoProductCount;
  const ids = await IdSource.start(db);
  const context = await seedReference(db, ids);
  const firstProductId = ids.peek('products');
  const slugs = new SlugRegistry();
  const referenceVariants: { variantId: number; reference: string }[] = [];
  for (let start = 0; start < total; start += chunkSize) {
    const bundle = new RowBundle();
    for (let index = start; index < Math.min(total, start + chunkSize); index++) {
      const draft = generateProduct(context, bundle, index, { imagesPerProduct: total <= 2000, slugs, now: options.now ?? Date.now() });
      if (index % 37 === 3 && referenceVariants.length < 12) referenceVariants.push({ variantId: draft.variantIds[0], reference: draft.reference });
    }
    await bundle.insert(db);
    options.onProgress?.(Math.min(total, start + chunkSize), total);
  }
  await seedAssociations(db, context, { total, firstProductId });
  await seedCustomerReferences(db, referenceVariants);
  await ids.syncSequences(db);
  // A large catalog is queried at once (the benchmark): give both planners their statistics now.
  if (total > demoProductCount) await sql`analyze`.execute(db);
}

/**
 * Related products: the neighbours in the same leaf category; accessories: for clothing and shoes,
 * a product from an accessory category of the same department. Product n has id firstProductId + n.
 */
async function seedAssociations(db: SeedDb, context: CatalogContext, parts: { total: number; firstProductId: number }) {
  const leafCount = context.leaves.length;
  const groupOf = (leafIndex: number) => productTypes[context.leaves[leafIndex].types[0]].group;
  const accessoryLeaves = (department: string) =>
    context.leaves.flatMap((leaf, index) => (leaf.key.startsWith(`${department}-`) && groupOf(index) === 'accessories' ? [index] : []));
  let rows: { product_id: number; associated_product_id: number; kind: string; position: number }[] = [];
  for (let index = 0; index < parts.total; index++) {
    const leafIndex = index % leafCount;
    const productId = parts.firstProductId + index;
    const related = [index - leafCount, index + leafCount, index - 2 * leafCount, index + 2 * leafCount].filter((other) => other >= 0 && other < parts.total);
    related.slice(0, 3).forEach((other, position) => rows.push({ product_id: productId, associated_product_id: parts.firstProductId + other, kind: 'related', position }));
    if (groupOf(leafIndex) === 'clothing' || groupOf(leafIndex) === 'shoes') {
      const candidates = accessoryLeaves(context.leaves[leafIndex].key.split('-')[0]);
      const accessory = index - leafIndex + candidates[index % candidates.length];
      const other = accessory < parts.total ? accessory : accessory - leafCount;
      if (other >= 0) rows.push({ product_id: productId, associated_product_id: parts.firstProductId + other, kind: 'accessory', position: 0 });
    }
    if (rows.length >= 5000) {
      await insertRows(db, 'product_associations', rows);
      rows = [];
    }
  }
  await insertRows(db, 'product_associations', rows);
}

/** The demo customer's own SKUs for a dozen variants; skipped when the accounts seed has no such customer. */
async function seedCustomerReferences(db: SeedDb, variants: { variantId: number; reference: string }[]): Promise<void> {
  const customer = await db.selectFrom('users').select('id').where('email', '=', demoCustomerEmail).executeTakeFirst();
  if (!customer) return;
  await insertRows(
    db,
    'customer_references',
    variants.map(({ variantId, reference }, position) => ({
      user_id: customer.id,
      variant_id: variantId,
      customer_sku: `CR-${reference.slice(0, 3)}-${String(101 + position * 7)}`,
      updated_at: Date.UTC(2025, 0, 6),
    })),
  );
}
