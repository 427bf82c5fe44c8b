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
import { type SelectionInput, selectVariant } from './product-selection';
import { readProductSettings } from './product-settings';
import { listTiers } from './product-tiers';
import { assetPath, brandPath, categoryPath as categoryUrl, productPath } from './urls';
import { loadVariation } from './variants-data';

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

async function buildModel(db: Db, product: ProductRecord, request: ProductPageRequest) {
  const { culture, basePath, t } = request;
  const now = request.now ?? Date.now();
  const [variation, crumbs, settings, brands, associatedIds, spinFrames] = await Promise.all([
    loadVariation(db, { culture, productId: product.id }),
    categoryPath(db, { culture, categoryId: product.categoryId }),
    readProductSettings(db),
    listBrands(db),
    listAssociatedProductIds(db, { productId: product.id }),
    listSpinFrames(db, { productId: product.id }),
  ]);
  const selection = selectVariant(product, variation, request.input);
  const saleEnded = product.availableUntil !== null && product.availableUntil <= now;
  if (saleEnded) selection.canBeSold = false;
  const { variant } = selection;
  const tiers = variant ? await listTiers(db, { variantId: variant.id }) : [];
  const answer = variantAnswer({ product, selection, tiers, culture, t });
  const [gallery, degressivePrice, stock, customerReference, associations] = await Promise.all([
    photosGalleryModel(db, { basePath, productId: product.id, productName: product.name, variant, lightboxCss: request.lightboxCss }),
    degressivePriceModel(db, { culture, variant }),
    stockByWarehouseModel(db, { productId: product.id, variantId: variant?.id ?? null, allActive: settings.displayAllActiveWarehouses }),
    customerReferenceModel(db, { userId: request.userId, variantId: variant?.id ?? null, messageMode: settings.customerRefMessage }),
    associatedIds.length ? loadProductCards(db, { culture, productIds: associatedIds }) : Promise.resolve([]),
  ]);
  const canonical = request.origin + basePath + productPath(culture, product.id, product.slug);
  const jsonLd = productJsonLd({
    name: product.name,
    description: product.description,
    url: canonical,
    images: gallery.images.map((image) => request.origin + image.large),
    brand: product.brand?.name ?? null,
    sku: variant?.sku ?? null,
    variants: variation.variants,
    availableUntil: product.availableUntil,
  });
  return {
    title: product.name,
    canonical,
    product,
    productUrl: basePath + productPath(culture, product.id, product.slug),
    crumbs: crumbs.map((crumb) => ({ ...crumb, url: basePath + categoryUrl(culture, crumb.id, crumb.slug) })),
    brandUrl: product.brand ? basePath + brandPath(culture, product.brand.slug) : null,
    selection,
    answer,
    saleEnded,
    settings,
    gallery,
    degressivePrice,
    stock,
    customerReference,
    associations,
    brands: brands.map((brand) => ({
      name: brand.name,
      url: basePath + brandPath(culture, brand.slug),
      logo: brand.asset ? basePath + assetPath(brand.asset, 160, 80) : null,
    })),
    spin: spinFrames.map((frame) => basePath + assetPath({ id: frame.assetId, name: frame.name }, 600, 600)),
    countdown: countdownModel(product.availableUntil, now),
    jsonLd: scriptSafeJson(jsonLd),
  };
}
