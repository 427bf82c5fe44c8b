import { cultures } from '../../config';
import type { StockMode } from '../../catalog/tables';
import { seedEpoch } from './catalog-assets';
import { planImages } from './catalog-product-images';
import { type Localised, Random, type SlugRegistry, slugify } from './catalog-random';
import type { CatalogContext, SeedLeaf } from './catalog-reference';
import type { RowBundle } from './catalog-rows';
import { describe, materialPreposition, type ProductType, productTypes } from './catalog-types';
import { clothingSizes, collections, colours, materials, type SeedColour, shoeSizes } from './catalog-vocabulary';

export const vatRate = 0.21;
const hour = 3_600_000;
const day = 24 * hour;

/** One generated product, as far as later passes (associations, customer references) need it. */
export interface ProductDraft {
  index: number;
  id: number;
  typeKey: string;
  type: ProductType;
  leaf: SeedLeaf;
  reference: string;
  englishName: string;
  slug: Localised;
  colours: SeedColour[];
  /** Whether colour (and size) are variation attributes; false: one variant without values. */
  varies: boolean;
  variantIds: number[];
}

export interface GenerateOptions {
  /** Draw a picture per product (demo) or share one per type and colour (large catalogs). */
  imagesPerProduct: boolean;
  slugs: SlugRegistry;
  /** "Now": end dates of limited offers lie after it. */
  now: number;
}

/** Everything about product number `index`, pushed as rows into the bundle. Same index, same product. */
export function generateProduct(context: CatalogContext, bundle: RowBundle, index: number, options: GenerateOptions): ProductDraft {
  const random = new Random(0x9e3779b1 ^ Math.imul(index + 1, 0x85ebca6b));
  const leaf = context.leaves[index % context.leaves.length];
  const typeKey = random.pick(leaf.types);
  const type = productTypes[typeKey];
  const materialCode = random.pick(type.materials);
  const material = materials.find((candidate) => candidate.code === materialCode)!;
  const line = random.pick(collections);
  const brand = random.pick(context.brands[type.group === 'home' ? 'home' : 'fashion']);
  const id = context.ids.take('products');
  const reference = `${typeKey.slice(0, 3).toUpperCase()}${String(index + 1).padStart(6, '0')}`;
  const names = {} as Localised;
  const slug = {} as Localised;
  for (const culture of cultures) {
    names[culture] = `${type.name[culture]} ${materialPreposition[culture]} ${material.noun[culture]} ${line}`;
    slug[culture] = options.slugs.claim(culture, slugify(names[culture]), reference.toLowerCase());
  }
  const description = describe({ variant: random.int(0, 2), group: type.group, line, brand: brand.name, material: material.noun });
  for (const culture of cultures) {
    bundle.productTranslations.push({ product_id: id, culture, name: names[culture], slug: slug[culture], description: description[culture] });
  }
  const varies = !(type.sizes === 'none' && random.chance(0.25));
  const draft: ProductDraft = {
    index, id, typeKey, type, leaf, reference, slug, varies, variantIds: [],
    englishName: `${material.en} ${type.en} ${line}`,
    colours: random.sample(colourPool(type), varies ? random.int(1, type.group === 'shoes' ? 2 : 3) : 1),
  };
  const priceFrom = addVariants(context, bundle, draft, random);
  bundle.products.push({
    id, reference, brand_id: brand.id, category_id: leaf.id, is_active: index % 199 === 198 ? 0 : 1,
    price_from_cents: priceFrom, currency: 'EUR', ...quantityRules(index),
    available_until: index % 70 === 11 ? options.now + (3 + (index % 10)) * day + (index % 24) * hour : null,
    position: index, created_at: seedEpoch + index * hour,
  });
  for (const categoryId of leaf.path) bundle.productCategories.push({ product_id: id, category_id: categoryId });
  bundle.attributeValues.push({ product_id: id, attribute_id: context.attributeIds.material, value_id: context.valueIds.get(`material:${material.code}`)! });
  addTags(context, bundle, draft, random, material.code);
  planImages(context, bundle, draft, { perProduct: options.imagesPerProduct, materialCode: material.code, random });
  return draft;
}

const plainOnly = new Set(['shoe', 'boot', 'bag', 'pot', 'plate', 'mug', 'vase']);

function colourPool(type: ProductType): SeedColour[] {
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

/** Sold by 2 (at least 2, at most 20) on some products; at most 10 on a few others. */
function quantityRules(index: number) {
  if (index % 50 === 7) return { min_qty: 2, max_qty: 20, step_qty: 2 };
  if (index % 50 === 23) return { min_qty: 1, max_qty: 10, step_qty: 1 };
  return { min_qty: 1, max_qty: 0, step_qty: 1 };
}

/** Colour x size variants with prices, stock and tiers; answers the lowest active price. */
function addVariants(context: CatalogContext, bundle: RowBundle, draft: ProductDraft, random: Random): number {
  const sizes = sizesFor(draft, random);
  if (draft.varies) bundle.variationAttributes.push({ product_id: draft.id, position: 1, attribute_id: context.attributeIds.colour });
  if (sizes.length) bundle.variationAttributes.push({ product_id: draft.id, position: 2, attribute_id: context.attributeIds.size });
  const base = random.int(draft.type.price[0] + 1, draft.type.price[1]) * 100 - (random.chance(0.5) ? 10 : 5);
  const tiered = random.chance(0.2);
  const present = { colour: new Set<number>(), size: new Set<number>() };
  let lowest = Number.MAX_SAFE_INTEGER;
  for (const colour of draft.colours) {
    for (const size of sizes.length ? sizes : [null]) {
      const first = draft.variantIds.length === 0;
      if (!first && random.chance(0.04)) continue; // a combination that is not made
      const id = context.ids.take('product_variants');
      const active = first || !random.chance(0.05);
      const price = base + (size === 'XXL' ? 500 : 0);
      const colourId = context.valueIds.get(`colour:${colour.code}`)!;
      const sizeId = size ? context.valueIds.get(`size:${size}`)! : null;
      bundle.variants.push({
        id, product_id: draft.id, sku: [draft.reference, colour.code.toUpperCase(), size].filter(Boolean).join('-'),
        value_id1: draft.varies ? colourId : null, value_id2: sizeId, value_id3: null,
        price_incl_cents: price, price_excl_cents: Math.round(price / (1 + vatRate)), currency: 'EUR',
        stock_mode: addStock(context, bundle, id, random), low_stock_threshold: 5,
        is_default: first ? 1 : 0, is_active: active ? 1 : 0, position: draft.variantIds.length,
      });
      draft.variantIds.push(id);
      if (!active) continue;
      lowest = Math.min(lowest, price);
      present.colour.add(colourId);
      if (sizeId) present.size.add(sizeId);
      if (tiered) addTiers(bundle, id, price);
    }
  }
  for (const key of ['colour', 'size'] as const) {
    for (const valueId of present[key]) bundle.attributeValues.push({ product_id: draft.id, attribute_id: context.attributeIds[key], value_id: valueId });
  }
  return lowest;
}

function addTiers(bundle: RowBundle, variantId: number, price: number): void {
  for (const [minimum, factor] of [[5, 0.95], [10, 0.9]] as const) {
    const incl = Math.round((price * factor) / 5) * 5;
    bundle.tierPrices.push({ variant_id: variantId, min_quantity: minimum, price_incl_cents: incl, price_excl_cents: Math.round(incl / (1 + vatRate)) });
  }
}

/**
 * Stock in each active warehouse, spread so every state occurs: not counted (NoManagement), orderable
 * when none is left (OnOrder), none (OutOfStock), a few (LowStock, at most the threshold of 5) or plenty.
 */
function addStock(context: CatalogContext, bundle: RowBundle, variantId: number, random: Random): StockMode {
  const draw = random.next();
  if (draw < 0.08) return 'NoManagement';
  const mode: StockMode = draw < 0.15 ? 'OnOrder' : 'Managed';
  const quantities = context.warehouseIds.map(() => 0);
  if (draw >= 0.25 && draw < 0.4) quantities[random.int(0, quantities.length - 1)] = random.int(1, 5);
  else if (draw >= 0.4) quantities.forEach((_, index) => (quantities[index] = index === 0 ? random.int(6, 40) : random.int(0, 25)));
  context.warehouseIds.forEach((warehouseId, index) => bundle.stock.push({ variant_id: variantId, warehouse_id: warehouseId, quantity: quantities[index] }));
  return mode;
}

function addTags(context: CatalogContext, bundle: RowBundle, draft: ProductDraft, random: Random, materialCode: string): void {
  const codes = [
    draft.index % 9 === 0 && 'new',
    ['linen', 'wool', 'cotton'].includes(materialCode) && random.chance(0.3) && 'eco',
    random.chance(0.12) && 'sale',
    random.chance(0.08) && 'bestseller',
  ].filter((code): code is string => Boolean(code));
  for (const code of codes) bundle.tags.push({ product_id: draft.id, tag_id: context.tagIds.get(code)! });
}
