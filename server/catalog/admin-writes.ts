// The product editor's writes (server/catalog/admin-service.ts runs them inside saveWithVersion's
// transaction): a variant's price with its tiers, its state, and what the lists read without a join
// kept in step: products.price_from_cents and the product's variation facet values.
import { sql } from 'kysely';
import type { Tx } from '../backoffice/revisions';
import { toNumber } from '../db/normalise';

export interface VariantPrice {
  variantId: number;
  priceInclCents: number;
  priceExclCents: number;
  tiers: { minQuantity: number; priceInclCents: number; priceExclCents: number }[];
}

/** A variant's new price and tiers, scoped to its product (another product's variant writes nothing). */
export async function writeVariantPrice(tx: Tx, { productId, price }: { productId: number; price: VariantPrice }): Promise<boolean> {
  const result = await tx
    .updateTable('product_variants')
    .set({ price_incl_cents: price.priceInclCents, price_excl_cents: price.priceExclCents })
    .where('id', '=', price.variantId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  for (const tier of price.tiers) {
    await tx
      .updateTable('tier_prices')
      .set({ price_incl_cents: tier.priceInclCents, price_excl_cents: tier.priceExclCents })
      .where('variant_id', '=', price.variantId)
      .where('min_quantity', '=', tier.minQuantity)
      .execute();
  }
  return true;
}

/** A variant sold or not, scoped to its product. */
export async function writeVariantActive(tx: Tx, { productId, variantId, isActive }: { productId: number; variantId: number; isActive: boolean }): Promise<void> {
  await tx.updateTable('product_variants').set({ is_active: isActive ? 1 : 0 }).where('id', '=', variantId).where('product_id', '=', productId).execute();
}

/**
 * products.price_from_cents again from the product's variants (lists sort and filter on it without a
 * join): the lowest active variant's price; a product without an active variant keeps its lowest.
 */
export async function syncPriceFrom(tx: Tx, { productId }: { productId: number }): Promise<void> {
  const lowest = await tx
    .selectFrom('product_variants')
    .select([sql<number | string | null>`min(case when is_active = 1 then price_incl_cents end)`.as('active'), sql<number | string | null>`min(price_incl_cents)`.as('any')])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const cents = lowest?.active ?? lowest?.any ?? null;
  if (cents === null) return;
  await tx.updateTable('products').set({ price_from_cents: toNumber(cents) }).where('id', '=', productId).execute();
}

/**
 * The product's values of the attributes it varies by (colour, size), for facets and filters, again from
 * its active variants, as the seed writes them: a colour sold by no active variant no longer finds it.
 */
export async function syncVariationValues(tx: Tx, { productId }: { productId: number }): Promise<void> {
  const positions = await tx.selectFrom('product_variation_attributes').select(['position', 'attribute_id']).where('product_id', '=', productId).execute();
  if (!positions.length) return;
  const variants = await tx.selectFrom('product_variants').select(['value_id1', 'value_id2', 'value_id3']).where('product_id', '=', productId).where('is_active', '=', 1).execute();
  const values = new Map<number, number>();
  for (const { position, attribute_id } of positions) {
    const column = (['value_id1', 'value_id2', 'value_id3'] as const)[position - 1];
    if (!column) continue;
    for (const variant of variants) if (variant[column] !== null) values.set(variant[column]!, attribute_id);
  }
  await tx.deleteFrom('product_attribute_values').where('product_id', '=', productId).where('attribute_id', 'in', positions.map((row) => row.attribute_id)).execute();
  if (values.size) await tx.insertInto('product_attribute_values').values([...values].map(([valueId, attributeId]) => ({ product_id: productId, attribute_id: attributeId, value_id: valueId }))).execute();
}
