import type { TFunction } from 'i18next';
import { remaining } from '../../common/countdown';
import type { PriceDisplay } from '../currencies/display';
import type { Db } from '../db';
import { loadProductCards } from './cards';
import { customerReferenceModel, degressivePriceModel, photosGalleryModel, stockByWarehouseModel } from './product-fragments';
import { listAssociatedProductIds, type ProductRecord } from './product-data';
import { listProductImages } from './product-images';
import { productJsonLd, scriptSafeJson } from './product-jsonld';
import { variantAnswer } from './product-answer';
import { type Selection, type SelectionInput, selectVariant } from './product-selection';
import { type ProductPageSettings, readProductSettings } from './product-settings';
import { listTiers } from './product-tiers';
import { categoryTrail, loadReference } from './lists-reference';
import { saleEnded } from '../../common/stock';
import { brandPath, imageSet, pictures, productPath } from './urls';
import { loadVariation, type VariantRecord } from './variants-data';

// Everything the product page shows, in one model: the page template and its fragments read it.

export interface ProductPageRequest {
  culture: string;
  basePath: string;
  /** scheme://host, for the canonical address and the structured data. */
  origin: string;
  input: SelectionInput;
  userId: number | null;
  lightboxCss: string | null;
  t: TFunction;
  /** The visitor's currency for the prices shown (server/currencies/display.ts); the JSON-LD keeps the stored one. */
  display?: PriceDisplay;
  now?: number;
}

export type ProductPageModel = Awaited<ReturnType<typeof loadProductPage>>;

function countdownModel(availableUntil: number | null, now: number) {
  if (availableUntil === null || saleEnded(availableUntil, now)) return null;
  return { endsAt: availableUntil, ...remaining(availableUntil, now) };
}

/** The parts that do not depend on the chosen variant. */
async function loadSurroundings(db: Db, product: ProductRecord, { culture, basePath, display }: ProductPageRequest) {
  const [variation, reference, settings, associatedIds, images] = await Promise.all([
    loadVariation(db, { culture, productId: product.id }),
    loadReference(db, culture),
    readProductSettings(db),
    listAssociatedProductIds(db, { productId: product.id }),
    listProductImages(db, { productId: product.id }),
  ]);
  const associations = associatedIds.length ? await loadProductCards(db, { culture, basePath, productIds: associatedIds, display }) : [];
  return { variation, reference, settings, associations, images };
}

/** What depends on the chosen variant: its tiers, its stock per warehouse and the customer's own reference. */
async function loadVariantParts(db: Db, product: ProductRecord, selection: Selection, settings: ProductPageSettings, userId: number | null) {
  const { variant } = selection;
  const [tiers, stock, customerReference] = await Promise.all([
    variant ? listTiers(db, { variantId: variant.id }) : [],
    stockByWarehouseModel(db, { productId: product.id, variant, allActive: settings.displayAllActiveWarehouses }),
    customerReferenceModel(db, { userId, variantId: variant?.id ?? null, messageMode: settings.customerRefMessage }),
  ]);
  return { tiers, stock, customerReference };
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

/** The page of an active product found in the request's culture (product-data.ts findProduct). */
export async function loadProductPage(db: Db, product: ProductRecord, request: ProductPageRequest) {
  const { culture, basePath, display } = request;
  const now = request.now ?? Date.now();
  const { variation, reference, settings, associations, images } = await loadSurroundings(db, product, request);
  const selection = selectVariant(product, variation, request.input, now);
  const { tiers, stock, customerReference } = await loadVariantParts(db, product, selection, settings, request.userId);
  const { variant } = selection;
  const gallery = photosGalleryModel({
    basePath, productId: product.id, productName: product.name, variant, photos: images.photos, lightboxCss: request.lightboxCss, slides: settings.gallerySlides,
  });
  const productUrl = basePath + productPath(culture, product.id, product.slug);
  const canonical = request.origin + productUrl;
  return {
    title: product.name,
    canonical,
    product,
    productUrl,
    crumbs: categoryTrail(reference, product.categoryId).map((node) => ({ name: node.name, url: basePath + node.path })),
    brandUrl: product.brand ? basePath + brandPath(culture, product.brand.slug) : null,
    selection,
    answer: variantAnswer({ product, selection, tiers, culture, t: request.t, display }),
    saleEnded: saleEnded(product.availableUntil, now),
    settings,
    gallery,
    degressivePrice: degressivePriceModel({ culture, variant, tiers, display }),
    stock,
    customerReference,
    associations,
    brands: [...reference.brands.values()].map((brand) => ({
      name: brand.name,
      url: basePath + brandPath(culture, brand.slug),
      logo: brand.logo ? imageSet(brand.logo, pictures.brandLogo, basePath).src : null,
    })),
    spin: images.spinFrames.map((frame) => imageSet({ id: frame.assetId, name: frame.name }, pictures.spin, basePath).src),
    countdown: countdownModel(product.availableUntil, now),
    jsonLd: structuredData(product, variation.variants, variant?.sku ?? null, canonical, gallery.images.map((image) => request.origin + image.large)),
  };
}
