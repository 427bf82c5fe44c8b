import type { Db } from '../db';

// A signed-in customer's own SKU for a variant (customer_references), read and written for that customer only.

export const CUSTOMER_SKU_MAX_LENGTH = 100;

export async function findCustomerReference(db: Db, { userId, variantId }: { userId: number; variantId: number }): Promise<string | null> {
  const row = await db
    .selectFrom('customer_references')
    .select('customer_sku')
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row?.customer_sku ?? null;
}

export type ReferenceUpdate = { ok: true } | { ok: false; reason: 'invalid' | 'unknown-variant' | 'taken' };

/**
 * Sets (or, with an empty SKU, removes) the customer's reference for a variant. A reference names one
 * variant for that customer: one already used for another of their variants is refused.
 */
export async function updateCustomerReference(
  db: Db,
  { userId, variantId, customerSku }: { userId: number; variantId: number; customerSku: string },
): Promise<ReferenceUpdate> {
  const sku = customerSku.trim();
  if (sku.length > CUSTOMER_SKU_MAX_LENGTH || /[\u0000-\u001f]/.test(sku)) return { ok: false, reason: 'invalid' };
  return db.transaction().execute(async (tx) => {
    const variant = await tx.selectFrom('product_variants').select('id').where('id', '=', variantId).where('is_active', '=', 1).executeTakeFirst();
    if (!variant) return { ok: false, reason: 'unknown-variant' } as const;
    if (sku === '') {
      await tx.deleteFrom('customer_references').where('user_id', '=', userId).where('variant_id', '=', variantId).execute();
      return { ok: true } as const;
    }
    const taken = await tx
      .selectFrom('customer_references')
      .select('variant_id')
      .where('user_id', '=', userId)
      .where('customer_sku', '=', sku)
      .where('variant_id', '<>', variantId)
      .executeTakeFirst();
    if (taken) return { ok: false, reason: 'taken' } as const;
    await tx
      .insertInto('customer_references')
      .values({ user_id: userId, variant_id: variantId, customer_sku: sku, updated_at: Date.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'variant_id']).doUpdateSet({ customer_sku: sku, updated_at: Date.now() }))
      .execute();
    return { ok: true } as const;
  });
}
