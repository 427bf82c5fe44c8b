import type { Db } from '../db';
import { toBoolean, toNumber } from '../db/normalise';

// The product page's reads: the product in a culture with its brand, and the products shown next to it.

export interface ProductRecord {
  id: number;
  reference: string;
  name: string;
  slug: string;
  description: string;
  categoryId: number;
  currency: string;
  minQty: number;
  maxQty: number;
  stepQty: number;
  /** Epoch ms when the sale ends (the end-date countdown); null = no end. */
  availableUntil: number | null;
  brand: { id: number; name: string; slug: string } | null;
}

export async function findProduct(db: Db, { culture, productId }: { culture: string; productId: number }): Promise<ProductRecord | null> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'p.id').on('t.culture', '=', culture))
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'p.id', 'p.reference', 'p.category_id', 'p.currency', 'p.min_qty', 'p.max_qty', 'p.step_qty', 'p.available_until', 'p.is_active',
      't.name', 't.slug', 't.description', 'b.id as brand_id', 'b.name as brand_name', 'b.slug as brand_slug',
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row || !toBoolean(row.is_active)) return null;
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    slug: row.slug,
    description: row.description,
    categoryId: row.category_id,
    currency: row.currency,
    minQty: row.min_qty,
    maxQty: row.max_qty,
    stepQty: row.step_qty,
    availableUntil: row.available_until === null ? null : toNumber(row.available_until),
    brand: row.brand_id === null ? null : { id: row.brand_id, name: row.brand_name ?? '', slug: row.brand_slug ?? '' },
  };
}

/** Whether an active product exists (for the fragments that only need to check the id). */
export async function isActiveProduct(db: Db, { productId }: { productId: number }): Promise<boolean> {
  const row = await db.selectFrom('products').select('is_active').where('id', '=', productId).executeTakeFirst();
  return row !== undefined && toBoolean(row.is_active);
}

/** The products shown next to this one (related, accessories), active ones only, in their order. */
export async function listAssociatedProductIds(db: Db, { productId }: { productId: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('product_associations as a')
    .innerJoin('products as p', 'p.id', 'a.associated_product_id')
    .select('a.associated_product_id')
    .where('a.product_id', '=', productId)
    .where('p.is_active', '=', 1)
    .orderBy('a.position')
    .orderBy('a.associated_product_id')
    .execute();
  return [...new Set(rows.map((row) => row.associated_product_id))];
}
