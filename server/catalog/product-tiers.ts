import type { Db } from '../db';
import type { Tier } from './product-selection';

/** A variant's degressive prices, smallest minimum quantity first. */
export async function listTiers(db: Db, { variantId }: { variantId: number }): Promise<Tier[]> {
  const rows = await db
    .selectFrom('tier_prices')
    .select(['min_quantity', 'price_incl_cents', 'price_excl_cents'])
    .where('variant_id', '=', variantId)
    .orderBy('min_quantity')
    .execute();
  return rows.map((row) => ({ minQuantity: row.min_quantity, priceInclCents: row.price_incl_cents, priceExclCents: row.price_excl_cents }));
}
