import type { Db } from '../db';
import { toBoolean, toNumber } from '../db/normalise';
import { stockState } from './stock';
import type { StockMode, StockState } from './tables';
import type { VariantChoiceRow, VariationAttribute } from './variants';

// A product's variation data in three queries: its variants with their stock summed over the active
// warehouses, the attribute at each variation position, and the values its variants use.

export interface VariantRecord extends VariantChoiceRow {
  productId: number;
  sku: string;
  priceInclCents: number;
  priceExclCents: number;
  currency: string;
  stockMode: StockMode;
  stockQuantity: number;
  stockState: StockState;
}

export interface Variation {
  attributes: VariationAttribute[];
  variants: VariantRecord[];
}

async function stockByVariant(db: Db, variantIds: number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('variant_stock as s')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .select(['s.variant_id', (eb) => eb.fn.sum<number | string>('s.quantity').as('quantity')])
    .where('s.variant_id', 'in', variantIds)
    .where('w.is_active', '=', 1)
    .groupBy('s.variant_id')
    .execute();
  return new Map(rows.map((row) => [row.variant_id, toNumber(row.quantity)]));
}

export async function listVariants(db: Db, where: { productId: number } | { variantId: number }): Promise<VariantRecord[]> {
  let query = db
    .selectFrom('product_variants')
    .select([
      'id', 'product_id', 'sku', 'value_id1', 'value_id2', 'value_id3', 'price_incl_cents', 'price_excl_cents', 'currency',
      'stock_mode', 'low_stock_threshold', 'is_default', 'is_active', 'position',
    ]);
  query = 'productId' in where ? query.where('product_id', '=', where.productId) : query.where('id', '=', where.variantId);
  const rows = await query.orderBy('position').orderBy('id').execute();
  const stock = await stockByVariant(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const quantity = stock.get(row.id) ?? 0;
    return {
      id: row.id,
      productId: row.product_id,
      sku: row.sku,
      valueIds: [row.value_id1, row.value_id2, row.value_id3],
      priceInclCents: row.price_incl_cents,
      priceExclCents: row.price_excl_cents,
      currency: row.currency,
      stockMode: row.stock_mode,
      stockQuantity: quantity,
      stockState: stockState(row.stock_mode, quantity, row.low_stock_threshold),
      isDefault: toBoolean(row.is_default),
      isActive: toBoolean(row.is_active),
      position: row.position,
    };
  });
}

/** One variant with its stock, or null; scoped to its product when one is named. */
export async function findVariant(db: Db, { variantId, productId }: { variantId: number; productId?: number }): Promise<VariantRecord | null> {
  const [variant] = await listVariants(db, { variantId });
  if (!variant || (productId !== undefined && variant.productId !== productId)) return null;
  return variant;
}

async function variationAttributes(db: Db, { culture, productId }: { culture: string; productId: number }) {
  return db
    .selectFrom('product_variation_attributes as v')
    .innerJoin('attributes as a', 'a.id', 'v.attribute_id')
    .leftJoin('attribute_translations as t', (join) => join.onRef('t.attribute_id', '=', 'a.id').on('t.culture', '=', culture))
    .select(['v.position', 'a.id', 'a.code', 'a.display_type', 't.name'])
    .where('v.product_id', '=', productId)
    .orderBy('v.position')
    .execute();
}

async function attributeValues(db: Db, { culture, valueIds }: { culture: string; valueIds: number[] }) {
  if (valueIds.length === 0) return [];
  return db
    .selectFrom('attribute_values as v')
    .leftJoin('attribute_value_translations as t', (join) => join.onRef('t.value_id', '=', 'v.id').on('t.culture', '=', culture))
    .select(['v.id', 'v.attribute_id', 'v.code', 'v.color_code1', 'v.color_code2', 'v.color_code3', 't.display_value'])
    .where('v.id', 'in', valueIds)
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
}

/** The attributes a product varies by, each with the values its variants (active or not) use. */
export async function loadVariation(db: Db, { culture, productId }: { culture: string; productId: number }): Promise<Variation> {
  const variants = await listVariants(db, { productId });
  const positions = await variationAttributes(db, { culture, productId });
  const used = new Set(variants.flatMap((variant) => variant.valueIds.filter((id): id is number => id !== null)));
  const values = await attributeValues(db, { culture, valueIds: [...used] });
  const attributes = positions.map((position) => ({
    position: position.position,
    attributeId: position.id,
    name: position.name ?? position.code,
    displayType: position.display_type,
    values: values
      .filter((value) => value.attribute_id === position.id && variants.some((variant) => variant.valueIds[position.position - 1] === value.id))
      .map((value) => ({
        id: value.id,
        displayValue: value.display_value ?? value.code,
        colorCodes: [value.color_code1, value.color_code2, value.color_code3] as [string | null, string | null, string | null],
      })),
  }));
  return { attributes, variants };
}
