import type { Db } from '../db';
import { toBoolean, toNumber } from '../db/normalise';
import { stockState } from '../../common/stock';
import type { StockMode, StockState } from './tables';
import type { VariantChoiceRow, VariationAttribute } from './variants';

// A product's variation data in three independent queries run together: its variants with their
// stock summed over the active warehouses, the attribute at each variation position, and those
// attributes' values (the ones its variants use are kept).

/** A variant without its stock: what a fragment needs to know it exists and to show its price. */
export interface VariantRow extends VariantChoiceRow {
  productId: number;
  sku: string;
  priceInclCents: number;
  priceExclCents: number;
  currency: string;
  stockMode: StockMode;
  lowStockThreshold: number;
}

export interface VariantRecord extends VariantRow {
  stockQuantity: number;
  stockState: StockState;
}

export interface Variation {
  attributes: VariationAttribute[];
  variants: VariantRecord[];
}

type VariantWhere = { productId: number } | { variantId: number };

async function stockByVariant(db: Db, where: VariantWhere): Promise<Map<number, number>> {
  let query = db
    .selectFrom('variant_stock as s')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .select(['s.variant_id', (eb) => eb.fn.sum<number | string>('s.quantity').as('quantity')])
    .where('w.is_active', '=', 1);
  query =
    'productId' in where
      ? query.innerJoin('product_variants as v', 'v.id', 's.variant_id').where('v.product_id', '=', where.productId)
      : query.where('s.variant_id', '=', where.variantId);
  const rows = await query.groupBy('s.variant_id').execute();
  return new Map(rows.map((row) => [row.variant_id, toNumber(row.quantity)]));
}

const variantColumns = [
  'product_variants.id', 'product_variants.product_id', 'product_variants.sku', 'product_variants.value_id1',
  'product_variants.value_id2', 'product_variants.value_id3', 'product_variants.price_incl_cents',
  'product_variants.price_excl_cents', 'product_variants.currency', 'product_variants.stock_mode',
  'product_variants.low_stock_threshold', 'product_variants.is_default', 'product_variants.is_active', 'product_variants.position',
] as const;

type VariantColumns = {
  id: number; product_id: number; sku: string; value_id1: number | null; value_id2: number | null; value_id3: number | null;
  price_incl_cents: number; price_excl_cents: number; currency: string; stock_mode: StockMode; low_stock_threshold: number;
  is_default: number | boolean; is_active: number | boolean; position: number;
};

function variantRow(row: VariantColumns): VariantRow {
  return {
    id: row.id,
    productId: row.product_id,
    sku: row.sku,
    valueIds: [row.value_id1, row.value_id2, row.value_id3],
    priceInclCents: row.price_incl_cents,
    priceExclCents: row.price_excl_cents,
    currency: row.currency,
    stockMode: row.stock_mode,
    lowStockThreshold: row.low_stock_threshold,
    isDefault: toBoolean(row.is_default),
    isActive: toBoolean(row.is_active),
    position: row.position,
  };
}

export async function listVariants(db: Db, where: VariantWhere): Promise<VariantRecord[]> {
  let query = db.selectFrom('product_variants').select(variantColumns);
  query = 'productId' in where ? query.where('product_id', '=', where.productId) : query.where('id', '=', where.variantId);
  const [rows, stock] = await Promise.all([query.orderBy('position').orderBy('id').execute(), stockByVariant(db, where)]);
  return rows.map((row) => {
    const quantity = stock.get(row.id) ?? 0;
    return { ...variantRow(row), stockQuantity: quantity, stockState: stockState(row.stock_mode, quantity, row.low_stock_threshold) };
  });
}

/** One variant with its stock, or null; scoped to its product when one is named. */
export async function findVariant(db: Db, { variantId, productId }: { variantId: number; productId?: number }): Promise<VariantRecord | null> {
  const [variant] = await listVariants(db, { variantId });
  if (!variant || (productId !== undefined && variant.productId !== productId)) return null;
  return variant;
}

/** An active variant of an active product (of that product, when one is named), without its stock; else null. */
export async function findActiveVariant(db: Db, { variantId, productId }: { variantId: number; productId?: number }): Promise<VariantRow | null> {
  let query = db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(variantColumns)
    .where('product_variants.id', '=', variantId)
    .where('product_variants.is_active', '=', 1)
    .where('products.is_active', '=', 1);
  if (productId !== undefined) query = query.where('product_variants.product_id', '=', productId);
  const row = await query.executeTakeFirst();
  return row ? variantRow(row) : null;
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

/** Every value of the attributes the product varies by (a few dozen); the caller keeps those its variants use. */
async function attributeValues(db: Db, { culture, productId }: { culture: string; productId: number }) {
  return db
    .selectFrom('attribute_values as v')
    .leftJoin('attribute_value_translations as t', (join) => join.onRef('t.value_id', '=', 'v.id').on('t.culture', '=', culture))
    .select(['v.id', 'v.attribute_id', 'v.code', 'v.color_code1', 'v.color_code2', 'v.color_code3', 't.display_value'])
    .where('v.attribute_id', 'in', (eb) => eb.selectFrom('product_variation_attributes').select('attribute_id').where('product_id', '=', productId))
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
}

/** The attributes a product varies by, each with the values its variants (active or not) use. */
export async function loadVariation(db: Db, { culture, productId }: { culture: string; productId: number }): Promise<Variation> {
  const [variants, positions, values] = await Promise.all([
    listVariants(db, { productId }),
    variationAttributes(db, { culture, productId }),
    attributeValues(db, { culture, productId }),
  ]);
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
