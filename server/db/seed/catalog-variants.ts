import type { StockMode } from '../../catalog/tables';
import type { ProductDraft } from './catalog-products';
import type { Random } from './catalog-random';
import type { CatalogContext } from './catalog-reference';
import type { RowBundle } from './catalog-rows';
import type { ProductType } from './catalog-types';
import { clothingSizes, colours, type SeedColour, shoeSizes } from './catalog-vocabulary';

export const vatRate = 0.21;
const excludingVat = (cents: number) => Math.round(cents / (1 + vatRate));

const plainOnly = new Set(['shoe', 'boot', 'bag', 'pot', 'plate', 'mug', 'vase']);

/** Stripes and three-tone values suit textiles, not shoes, bags or pots. */
export function colourPool(type: ProductType): SeedColour[] {
  return plainOnly.has(type.silhouette) || type.group === 'shoes' ? colours.filter((colour) => !colour.hex[1]) : colours;
}

function sizesFor(draft: ProductDraft, random: Random): string[] {
  if (!draft.varies || draft.type.sizes === 'none') return [];
  if (draft.type.sizes === 'shoes') {
    const women = draft.leaf.key.startsWith('women');
    return shoeSizes.slice(women ? 0 : 4, women ? 7 : 11);
  }
  const first = random.int(0, 1);
  return clothingSizes.slice(first, first + random.int(4, 6 - first));
}

/**
 * Colour x size variants (about 4 % of combinations not made, 5 % inactive, never the first), their
 * stock and tiers, and the product's colour and size values for the facets. Answers the lowest active price.
 */
export function addVariants(context: CatalogContext, bundle: RowBundle, draft: ProductDraft, random: Random): number {
  const sizes = sizesFor(draft, random);
  if (draft.varies) bundle.variationAttributes.push({ product_id: draft.id, position: 1, attribute_id: context.attributeIds.colour });
  if (sizes.length) bundle.variationAttributes.push({ product_id: draft.id, position: 2, attribute_id: context.attributeIds.size });
  const base = random.int(draft.type.price[0] + 1, draft.type.price[1]) * 100 - (random.chance(0.5) ? 10 : 5);
  const tiered = random.chance(0.2);
  const present = new Map<number, number>(); // value id -> attribute id
  let lowest = Number.MAX_SAFE_INTEGER;
  for (const colour of draft.colours) {
    for (const size of sizes.length ? sizes : [null]) {
      const first = draft.variantIds.length === 0;
      if (!first && random.chance(0.04)) continue;
      const active = first || !random.chance(0.05);
      const variant = addVariant(context, bundle, draft, { colour, size, price: base + (size === 'XXL' ? 500 : 0), active, random });
      if (!active) continue;
      lowest = Math.min(lowest, variant.price);
      present.set(variant.colourId, context.attributeIds.colour);
      if (variant.sizeId) present.set(variant.sizeId, context.attributeIds.size);
      if (tiered) addTiers(bundle, variant.id, variant.price);
    }
  }
  for (const [valueId, attributeId] of present) bundle.attributeValues.push({ product_id: draft.id, attribute_id: attributeId, value_id: valueId });
  return lowest;
}

function addVariant(
  context: CatalogContext,
  bundle: RowBundle,
  draft: ProductDraft,
  parts: { colour: SeedColour; size: string | null; price: number; active: boolean; random: Random },
) {
  const id = context.ids.take('product_variants');
  const colourId = context.valueIds.get(`colour:${parts.colour.code}`)!;
  const sizeId = parts.size ? context.valueIds.get(`size:${parts.size}`)! : null;
  bundle.variants.push({
    id,
    product_id: draft.id,
    sku: [draft.reference, parts.colour.code.toUpperCase(), parts.size].filter(Boolean).join('-'),
    value_id1: draft.varies ? colourId : null,
    value_id2: sizeId,
    value_id3: null,
    price_incl_cents: parts.price,
    price_excl_cents: excludingVat(parts.price),
    currency: 'EUR',
    stock_mode: addStock(context, bundle, id, parts.random),
    low_stock_threshold: 5,
    is_default: draft.variantIds.length === 0 ? 1 : 0,
    is_active: parts.active ? 1 : 0,
    position: draft.variantIds.length,
  });
  draft.variantIds.push(id);
  return { id, colourId, sizeId, price: parts.price };
}

/** 5 % off from 5 pieces, 10 % off from 10, rounded to 5 cents. */
function addTiers(bundle: RowBundle, variantId: number, price: number): void {
  for (const [minimum, factor] of [[5, 0.95], [10, 0.9]] as const) {
    const incl = Math.round((price * factor) / 5) * 5;
    bundle.tierPrices.push({ variant_id: variantId, min_quantity: minimum, price_incl_cents: incl, price_excl_cents: excludingVat(incl) });
  }
}

/**
 * Stock in each active warehouse, spread so every state occurs: not counted (NoManagement), orderable
 * when none is left (OnOrder), none (OutOfStock), a few (LowStock, at most the threshold of 5) or plenty.
 */
function addStock(context: CatalogContext, bundle: RowBundle, variantId: number, random: Random): StockMode {
  const draw = random.next();
  if (draw < 0.08) return 'NoManagement';
  const quantities = context.warehouseIds.map(() => 0);
  if (draw >= 0.25 && draw < 0.4) quantities[random.int(0, quantities.length - 1)] = random.int(1, 5);
  else if (draw >= 0.4) quantities.forEach((_, index) => (quantities[index] = index === 0 ? random.int(6, 40) : random.int(0, 25)));
  context.warehouseIds.forEach((warehouseId, index) => bundle.stock.push({ variant_id: variantId, warehouse_id: warehouseId, quantity: quantities[index] }));
  return draw < 0.15 ? 'OnOrder' : 'Managed';
}
