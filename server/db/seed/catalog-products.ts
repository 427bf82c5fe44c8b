import { cultures } from '../../config';
import { seedEpoch } from './catalog-assets';
import { planImages } from './catalog-product-images';
import { type Localised, Random, type SlugRegistry, slugify } from './catalog-random';
import type { CatalogContext, SeedLeaf } from './catalog-reference';
import type { RowBundle } from './catalog-rows';
import { describe, materialPreposition, type ProductType, productTypes } from './catalog-types';
import { addVariants, colourPool } from './catalog-variants';
import { collections, materials, type SeedColour, type SeedMaterial } from './catalog-vocabulary';

const hour = 3_600_000;
const day = 24 * hour;

/** One generated product, as far as the other passes (variants, images, references) need it. */
export interface ProductDraft {
  index: number;
  id: number;
  typeKey: string;
  type: ProductType;
  leaf: SeedLeaf;
  reference: string;
  englishName: string;
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
  addTexts(bundle, { id, reference, type, material, line, brand: brand.name, random, slugs: options.slugs });
  const varies = !(type.sizes === 'none' && random.chance(0.25));
  const draft: ProductDraft = {
    ...{ index, id, typeKey, type, leaf, reference, varies, variantIds: [] },
    englishName: `${material.en} ${type.en} ${line}`,
    colours: random.sample(colourPool(type), varies ? random.int(1, type.group === 'shoes' ? 2 : 3) : 1),
  };
  const priceFrom = addVariants(context, bundle, draft, random);
  bundle.products.push({ ...productRow(draft, options.now), brand_id: brand.id, price_from_cents: priceFrom });
  for (const categoryId of leaf.path) bundle.productCategories.push({ product_id: id, category_id: categoryId });
  bundle.attributeValues.push({ product_id: id, attribute_id: context.attributeIds.material, value_id: context.valueIds.get(`material:${materialCode}`)! });
  addTags(context, bundle, draft, random, materialCode);
  planImages(context, bundle, draft, { perProduct: options.imagesPerProduct, materialCode, random });
  return draft;
}

/** Name ("Chemise en lin Riviera"), slug unique in its culture, and description, in each culture. */
function addTexts(
  bundle: RowBundle,
  parts: { id: number; reference: string; type: ProductType; material: SeedMaterial; line: string; brand: string; random: Random; slugs: SlugRegistry },
): void {
  const { type, material, line } = parts;
  const description = describe({ variant: parts.random.int(0, 2), group: type.group, line, brand: parts.brand, material: material.noun });
  for (const culture of cultures) {
    const name = `${type.name[culture]} ${materialPreposition[culture]} ${material.noun[culture]} ${line}`;
    const slug = parts.slugs.claim(culture, slugify(name), parts.reference.toLowerCase());
    bundle.productTranslations.push({ product_id: parts.id, culture, name, slug, description: description[culture] });
  }
}

/**
 * The products row: every 199th product inactive, every 70th a limited offer ending 3 to 13 days
 * after `now`, "sold by 2" (min 2, max 20) on every 50th and "at most 10" on others.
 */
function productRow(draft: ProductDraft, now: number) {
  const { index } = draft;
  const quantities =
    index % 50 === 7 ? { min_qty: 2, max_qty: 20, step_qty: 2 } : { min_qty: 1, max_qty: index % 50 === 23 ? 10 : 0, step_qty: 1 };
  return {
    id: draft.id,
    reference: draft.reference,
    category_id: draft.leaf.id,
    is_active: index % 199 === 198 ? 0 : 1,
    currency: 'EUR',
    ...quantities,
    available_until: index % 70 === 11 ? now + (3 + (index % 10)) * day + (index % 24) * hour : null,
    position: index,
    created_at: seedEpoch + index * hour,
  };
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
