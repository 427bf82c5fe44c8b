import type { Generated } from 'kysely';

import type { StockMode, StockState } from '../../common/stock';

export { stockStates, type StockMode, type StockState } from '../../common/stock';
export type AttributeDisplayType = 'Square' | 'List';

type Timestamp = number | string;
type Flag = number; // 0/1 on both databases (see normalise.ts toBoolean)

/**
 * Catalog tables (migration 004). Money is integer cents with a currency code, tax-incl and tax-excl.
 * Products and categories are addressed by id plus a per-culture slug, so a culture switch keeps the page.
 */
export interface CatalogTables {
  assets: {
    id: Generated<number>;
    name: string;
    mime: string;
    width: number;
    height: number;
    size: number;
    /** Empty for an uploaded asset, whose bytes are in the storage under storage_key (migration 020). */
    content: Buffer;
    created_at: Timestamp;
    /** The asset library (migration 020, server/asset-library). */
    folder_id: number | null;
    storage_key: string | null;
    original_name: Generated<string>;
    file_type: Generated<string>;
    created_by: number | null;
  };
  categories: { id: Generated<number>; parent_id: number | null; depth: number; position: number; asset_id: number | null; is_active: Flag };
  category_translations: { category_id: number; culture: string; name: string; slug: string; description: string };
  brands: { id: Generated<number>; name: string; slug: string; asset_id: number | null; position: number };
  products: {
    id: Generated<number>;
    reference: string;
    brand_id: number | null;
    /** The main category (breadcrumb); membership for lists is product_categories. */
    category_id: number;
    is_active: Flag;
    /** Lowest variant price, kept for sorting and price facets without a join. */
    price_from_cents: number;
    currency: string;
    /** Quantity rules of the spec's quantity input: min-qty, max-qty (0 = none), step-qty. */
    min_qty: number;
    max_qty: number;
    step_qty: number;
    /** Sale of this product ends then (catalog end-date countdown); null = no end. */
    available_until: Timestamp | null;
    position: number;
    created_at: Timestamp;
    /** Optimistic concurrency of the back office's product editor (migration 026). */
    version: Generated<number>;
  };
  /** A product in its category and every ancestor of it, so a parent's list is one indexed lookup. */
  product_categories: { product_id: number; category_id: number };
  product_translations: {
    product_id: number;
    culture: string;
    name: string;
    slug: string;
    description: string;
  };
  attributes: { id: Generated<number>; code: string; display_type: AttributeDisplayType; position: number; is_filterable: Flag };
  attribute_translations: { attribute_id: number; culture: string; name: string };
  attribute_values: {
    id: Generated<number>;
    attribute_id: number;
    code: string;
    position: number;
    color_code1: string | null;
    color_code2: string | null;
    color_code3: string | null;
  };
  attribute_value_translations: { value_id: number; culture: string; display_value: string };
  /** Which attribute a product varies by at each position: VariantValueId1 is position 1, and so on. */
  product_variation_attributes: { product_id: number; position: number; attribute_id: number };
  /** Every attribute value a product has (its own and its variants'), for facets and filters. */
  product_attribute_values: { product_id: number; attribute_id: number; value_id: number };
  product_variants: {
    id: Generated<number>;
    product_id: number;
    sku: string;
    value_id1: number | null;
    value_id2: number | null;
    value_id3: number | null;
    price_incl_cents: number;
    price_excl_cents: number;
    currency: string;
    stock_mode: StockMode;
    /** At or below this (and above 0) a counted stock is LowStock. */
    low_stock_threshold: number;
    is_default: Flag;
    is_active: Flag;
    position: number;
  };
  /** Degressive prices: from min_quantity on, the unit price is this. */
  tier_prices: { variant_id: number; min_quantity: number; price_incl_cents: number; price_excl_cents: number };
  warehouses: { id: Generated<number>; code: string; name: string; is_active: Flag; position: number };
  variant_stock: { variant_id: number; warehouse_id: number; quantity: number };
  product_images: {
    id: Generated<number>;
    product_id: number;
    /** An image for one colour (attribute value) only; null = every variant. */
    value_id: number | null;
    asset_id: number;
    kind: 'photo' | 'spin';
    position: number;
  };
  product_associations: { product_id: number; associated_product_id: number; kind: string; position: number };
  tags: { id: Generated<number>; code: string };
  tag_translations: { tag_id: number; culture: string; name: string; slug: string };
  product_tags: { product_id: number; tag_id: number };
  /** A customer's own SKU for a variant (customer-reference search and update). */
  customer_references: { user_id: number; variant_id: number; customer_sku: string; updated_at: Timestamp };
  stock_notifications: {
    id: Generated<number>;
    variant_id: number;
    product_id: number;
    email: string;
    culture: string;
    created_at: Timestamp;
    /** Set when the "back in stock" mail went out; the subscription is then closed. */
    notified_at: Timestamp | null;
  };
}
