import type { Db } from '../db';
import type { Assets } from '../http/assets';
import { findCustomerReference } from './customer-reference-update';
import { type ProductImage, listGallery } from './product-images';
import { stockByWarehouse, type WarehouseStock } from './product-stock';
import { listTiers } from './product-tiers';
import { formatMoney } from './money';
import { assetPath } from './urls';

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

/** The tier table: the variant's own price up to the first tier, then each tier. Empty without tiers. */
export async function degressivePriceModel(
  db: Db,
  { culture, variant }: { culture: string; variant: { id: number; priceInclCents: number; priceExclCents: number; currency: string } | null },
): Promise<DegressivePriceModel> {
  if (!variant) return { variantId: null, rows: [] };
  const tiers = (await listTiers(db, { variantId: variant.id })).filter((tier) => tier.minQuantity > 1);
  if (tiers.length === 0) return { variantId: variant.id, rows: [] };
  const steps = [{ minQuantity: 1, priceInclCents: variant.priceInclCents, priceExclCents: variant.priceExclCents }, ...tiers];
  const money = (cents: number) => formatMoney({ cents, currency: variant.currency }, culture);
  return {
    variantId: variant.id,
    rows: steps.map((step, index) => ({
      minQuantity: step.minQuantity,
      maxQuantity: index + 1 < steps.length ? steps[index + 1].minQuantity - 1 : null,
      priceInclHtml: money(step.priceInclCents),
      priceExclHtml: money(step.priceExclCents),
    })),
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
  { productId, variantId, allActive }: { productId: number; variantId: number | null; allActive: boolean },
): Promise<StockByWarehouseModel> {
  const rows = variantId === null ? [] : await stockByWarehouse(db, { variantId, allActive });
  return { productId, variantId, allActive, rows };
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
  variantId: number | null;
  images: GalleryImage[];
  /** Shown when the product has no photo. */
  noPhoto: string;
  /** The lightbox stylesheet, fetched with the lightbox on first open. */
  lightboxCss: string | null;
}

/** The lightbox stylesheet's address (esbuild entry 'glightbox'), when the build has one. */
export function lightboxCss(assets: Assets): string | null {
  try {
    return assets.entry('glightbox').style;
  } catch {
    return null;
  }
}

export const GALLERY_MAIN_SIZE = 600;
export const GALLERY_LARGE_SIZE = 1200;
export const GALLERY_THUMB_SIZE = 80;

function square(basePath: string, image: ProductImage, size: number): string {
  return basePath + assetPath({ id: image.assetId, name: image.name }, size, size);
}

function srcset(basePath: string, image: ProductImage, sizes: number[]): string {
  return sizes.map((size) => `${square(basePath, image, size)} ${size}w`).join(', ');
}

interface GalleryRequest {
  basePath: string;
  productId: number;
  productName: string;
  variant: { id: number; valueIds: (number | null)[] } | null;
  lightboxCss: string | null;
}

export async function photosGalleryModel(
  db: Db,
  { basePath, productId, productName, variant, lightboxCss }: GalleryRequest,
): Promise<PhotosGalleryModel> {
  const photos = await listGallery(db, { productId, valueIds: variant?.valueIds ?? [] });
  return {
    productId,
    variantId: variant?.id ?? null,
    noPhoto: basePath + assetPath(null, GALLERY_MAIN_SIZE, GALLERY_MAIN_SIZE),
    lightboxCss,
    images: photos.map((photo, index) => ({
      alt: index === 0 ? productName : `${productName} (${index + 1})`,
      width: GALLERY_MAIN_SIZE,
      height: GALLERY_MAIN_SIZE,
      large: square(basePath, photo, GALLERY_LARGE_SIZE),
      main: square(basePath, photo, GALLERY_MAIN_SIZE),
      mainSrcset: srcset(basePath, photo, [300, 600, 900]),
      thumb: square(basePath, photo, GALLERY_THUMB_SIZE),
      thumbSrcset: srcset(basePath, photo, [80, 160, 480]),
    })),
  };
}

export interface CustomerReferenceModel {
  variantId: number | null;
  signedIn: boolean;
  customerSku: string;
  /** How the browser shows the answer: a modal closing after 3000 ms, or a growl notice. */
  messageMode: 'modal' | 'growl';
}

export async function customerReferenceModel(
  db: Db,
  { userId, variantId, messageMode }: { userId: number | null; variantId: number | null; messageMode: 'modal' | 'growl' },
): Promise<CustomerReferenceModel> {
  if (userId === null || variantId === null) return { variantId, signedIn: userId !== null, customerSku: '', messageMode };
  const customerSku = (await findCustomerReference(db, { userId, variantId })) ?? '';
  return { variantId, signedIn: true, customerSku, messageMode };
}
