import type { Db } from '../db';
import type { Assets } from '../http/assets';
import { CUSTOMER_SKU_MAX_LENGTH, findCustomerReference } from './customer-reference-update';
import { galleryPhotos, type ProductPhoto } from './product-images';
import type { Tier } from './product-selection';
import { stockByWarehouse, type WarehouseStock } from './product-stock';
import { type PriceDisplay, shownPrice } from '../currencies/display';
import { formatMoney } from '../shared/money';
import type { StockMode } from './tables';
import { imageSet, pictures } from './urls';

// The models of the product page's fragments. Each fragment's URL and the page build the same model
// here and render the same template (widgets/catalog-*), so a fragment is never written twice.

export interface TierRow {
  minQuantity: number;
  /** The last quantity at this price; null for the last tier. */
  maxQuantity: number | null;
  priceInclHtml: string;
  priceExclHtml: string;
}

export interface DegressivePriceModel {
  variantId: number | null;
  rows: TierRow[];
}

/** The tier table: the variant's own price up to the first tier, then each tier (in the visitor's currency). Empty without tiers. */
export function degressivePriceModel({
  culture,
  variant,
  tiers,
  display,
}: {
  culture: string;
  /** The visitor's currency and tax rate (server/currencies/display.ts); the stored ones without it. */
  display?: PriceDisplay;
  variant: { id: number; priceInclCents: number; priceExclCents: number; currency: string } | null;
  /** The variant's tiers (product-tiers.ts listTiers). */
  tiers: Tier[];
}): DegressivePriceModel {
  if (!variant) return { variantId: null, rows: [] };
  const reached = tiers.filter((tier) => tier.minQuantity > 1);
  if (reached.length === 0) return { variantId: variant.id, rows: [] };
  const steps = [{ minQuantity: 1, priceInclCents: variant.priceInclCents, priceExclCents: variant.priceExclCents }, ...reached];
  return {
    variantId: variant.id,
    rows: steps.map((step, index) => {
      const price = shownPrice(display, { inclCents: step.priceInclCents, exclCents: step.priceExclCents, currency: variant.currency });
      return {
        minQuantity: step.minQuantity,
        maxQuantity: index + 1 < steps.length ? steps[index + 1].minQuantity - 1 : null,
        priceInclHtml: formatMoney({ cents: price.inclCents, currency: price.currency }, culture),
        priceExclHtml: formatMoney({ cents: price.exclCents, currency: price.currency }, culture),
      };
    }),
  };
}

export interface StockByWarehouseModel {
  productId: number;
  variantId: number | null;
  allActive: boolean;
  rows: WarehouseStock[];
}

export async function stockByWarehouseModel(
  db: Db,
  {
    productId,
    variant,
    allActive,
  }: { productId: number; variant: { id: number; stockMode: StockMode; lowStockThreshold: number } | null; allActive: boolean },
): Promise<StockByWarehouseModel> {
  const rows = variant === null ? [] : await stockByWarehouse(db, { variant, allActive });
  return { productId, variantId: variant?.id ?? null, allActive, rows };
}

export interface GalleryImage {
  alt: string;
  width: number;
  height: number;
  /** The lightbox's (and the no-JS link's) large image. */
  large: string;
  main: string;
  mainSrcset: string;
  thumb: string;
  thumbSrcset: string;
}

export interface PhotosGalleryModel {
  productId: number;
  /** Thumbnails per view in the vertical strip: 5, or 4 in the catalog gallery variant (product-settings.ts gallerySlides). */
  slides: 4 | 5;
  variantId: number | null;
  images: GalleryImage[];
  /** Shown when the product has no photo. */
  noPhoto: string;
  /** The lightbox stylesheet, fetched with the lightbox on first open. */
  lightboxCss: string | null;
}

/** The lightbox stylesheet's address (esbuild entry 'glightbox'); a build without it is broken, which the error chain reports. */
export function lightboxCss(assets: Assets): string | null {
  return assets.entry('glightbox').style;
}

interface GalleryRequest {
  basePath: string;
  productId: number;
  productName: string;
  variant: { id: number; valueIds: (number | null)[] } | null;
  /** The product's photos (product-images.ts listProductImages). */
  photos: ProductPhoto[];
  lightboxCss: string | null;
  slides?: 4 | 5;
}

export function photosGalleryModel({ basePath, productId, productName, variant, photos, lightboxCss, slides = 5 }: GalleryRequest): PhotosGalleryModel {
  return {
    productId,
    slides,
    variantId: variant?.id ?? null,
    noPhoto: imageSet(null, pictures.galleryMain, basePath).src,
    lightboxCss,
    images: galleryPhotos(photos, variant?.valueIds ?? []).map((photo, index) => {
      const asset = { id: photo.assetId, name: photo.name };
      const main = imageSet(asset, pictures.galleryMain, basePath);
      const thumb = imageSet(asset, pictures.galleryThumb, basePath);
      return {
        alt: index === 0 ? productName : `${productName} (${index + 1})`,
        width: pictures.galleryMain.width,
        height: pictures.galleryMain.width,
        large: imageSet(asset, pictures.galleryLarge, basePath).src,
        main: main.src,
        mainSrcset: main.srcset,
        thumb: thumb.src,
        thumbSrcset: thumb.srcset,
      };
    }),
  };
}

export interface CustomerReferenceModel {
  variantId: number | null;
  signedIn: boolean;
  customerSku: string;
  /** The longest reference (the input's maxlength; the form declaration's rule says the same). */
  maxLength: number;
  /** How the browser shows the answer: a modal closing after 3000 ms, or a growl notice. */
  messageMode: 'modal' | 'growl';
}

export async function customerReferenceModel(
  db: Db,
  { userId, variantId, messageMode }: { userId: number | null; variantId: number | null; messageMode: 'modal' | 'growl' },
): Promise<CustomerReferenceModel> {
  const model = { variantId, signedIn: userId !== null, customerSku: '', maxLength: CUSTOMER_SKU_MAX_LENGTH, messageMode };
  if (userId === null || variantId === null) return model;
  return { ...model, customerSku: (await findCustomerReference(db, { userId, variantId })) ?? '' };
}
