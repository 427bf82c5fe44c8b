import { remaining } from '../../client/catalog/countdown';
import type { Db } from '../db';
import { loadProductCards } from './cards';
import { variantAnswer } from './product-answer';
import { categoryPath, findProduct, listAssociatedProductIds, listBrands, type ProductRecord } from './product-data';
import {
  customerReferenceModel,
  degressivePriceModel,
  photosGalleryModel,
  stockByWarehouseModel,
} from './product-fragments';
import { listSpinFrames } from './product-images';
import { productJsonLd, scriptSafeJson } from './product-jsonld';
import { type Selection, type SelectionInput, selectVariant } from './product-selection';
import { type ProductPageSettings, readProductSettings } from './product-settings';
import { listTiers } from './product-tiers';
import { assetPath, brandPath, categoryPath as categoryUrl, productPath } from './urls';
import { loadVariation, type VariantRecord } from './variants-data';

// Everything the product page shows, in one model: the page template and its fragments read it.

export interface ProductPageRequest {
  culture: string;
  basePath: string;
  /** scheme://host, for the canonical address and the structured data. */
  origin: string;
  productId: number;
  input: SelectionInput;
  userId: number | null;
  lightboxCss: string | null;
  t: (key: string, options?: object) => string;
  now?: number;
}

export type ProductPageResult = { found: false } | { found: true; redirect: null; model: ProductPageModel } | { found: true; redirect: string };

export type ProductPageModel = Awaited<ReturnType<typeof buildModel>>;

/** The page for a product, or where to find it (its slug in this culture), or nothing. */
export async function loadProductPage(db: Db, request: ProductPageRequest & { slug: string }): Promise<ProductPageResult> {
  const product = await findProduct(db, { culture: request.culture, productId: request.productId });
  if (!product) return { found: false };
  if (request.slug !== product.slug) return { found: true, redirect: request.basePath + productPath(request.culture, product.id, product.slug) };
  return { found: true, redirect: null, model: await buildModel(db, product, request) };
}

function countdownModel(availableUntil: number | null, now: number) {
  if (availableUntil === null || availableUntil <= now) return null;
  return { endsAt: availableUntil, ...remaining(availableUntil, now) };
}

/** The parts that do not depend on the chosen variant. */
async function loadSurroundings(db: Db, product: ProductRecord, culture: string) {
  const [variation, crumbs, settings, brands, associatedIds, spinFrames] = await Promise.all([
    loadVariation(db, { culture, productId: product.id }),
    categoryPath(db, { culture, categoryId: product.categoryId }),
    readProductSettings(db),
    listBrands(db),
    listAssociatedProductIds(db, { productId: product.id }),
    listSpinFrames(db, { productId: product.id }),
  ]);
  const associations = associatedIds.length ? await loadProductCards(db, { culture, productIds: associatedIds }) : [];
  return { variation, crumbs, settings, brands, associations, spinFrames };
}

/** The fragments the page includes inline, for the chosen variant. */
async function loadFragments(db: Db, product: ProductRecord, selection: Selection, settings: ProductPageSettings, request: ProductPageRequest) {
  const { variant } = selection;
  const variantId = variant?.id ?? null;
  const [gallery, degressivePrice, stock, customerReference] = await Promise.all([
    photosGalleryModel(db, { basePath: request.basePath, productId: product.id, productName: product.name, variant, lightboxCss: request.lightboxCss }),
    degressivePriceModel(db, { culture: request.culture, variant }),
    stockByWarehouseModel(db, { productId: product.id, variantId, allActive: settings.displayAllActiveWarehouses }),
    customerReferenceModel(db, { userId: request.userId, variantId, messageMode: settings.customerRefMessage }),
  ]);
  return { gallery, degressivePrice, stock, customerReference };
}

function structuredData(product: ProductRecord, variants: VariantRecord[], sku: string | null, canonical: string, images: string[]): string {
  return scriptSafeJson(
    productJsonLd({
      name: product.name,
      description: product.description,
      url: canonical,
      images,
      brand: product.brand?.name ?? null,
      sku,
      variants,
      availableUntil: product.availableUntil,
    }),
  );
}

async function buildModel(db: Db, product: ProductRecord, request: ProductPageRequest) {
  const { culture, basePath } = request;
  const now = request.now ?? Date.now();
  const { variation, crumbs, settings, brands, associations, spinFrames } = await loadSurroundings(db, product, culture);
  const selection = selectVariant(product, variation, request.input);
  const saleEnded = product.availableUntil !== null && product.availableUntil <= now;
  if (saleEnded) selection.canBeSold = false;
  const tiers = selection.variant ? await listTiers(db, { variantId: selection.variant.id }) : [];
  const fragments = await loadFragments(db, product, selection, settings, request);
  const productUrl = basePath + productPath(culture, product.id, product.slug);
  const canonical = request.origin + productUrl;
  const images = fragments.gallery.images.map((image) => request.origin + image.large);
  return {
    title: product.name,
    canonical,
    product,
    productUrl,
    crumbs: crumbs.map((crumb) => ({ ...crumb, url: basePath + categoryUrl(culture, crumb.id, crumb.slug) })),
    brandUrl: product.brand ? basePath + brandPath(culture, product.brand.slug) : null,
    selection,
    answer: variantAnswer({ product, selection, tiers, culture, t: request.t }),
    saleEnded,
    settings,
    ...fragments,
    associations,
    brands: brands.map((brand) => ({
      name: brand.name,
      url: basePath + brandPath(culture, brand.slug),
      logo: brand.asset ? basePath + assetPath(brand.asset, 160, 80) : null,
    })),
    spin: spinFrames.map((frame) => basePath + assetPath({ id: frame.assetId, name: frame.name }, 600, 600)),
    countdown: countdownModel(product.availableUntil, now),
    jsonLd: structuredData(product, variation.variants, selection.variant?.sku ?? null, canonical, images),
  };
}
