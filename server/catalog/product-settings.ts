import type { Db } from '../db';
import { cacheFor } from './lists-cache';

// Site settings (site_settings) of the product page; absent keys take the defaults below.

export interface ProductPageSettings {
  /** catalog.disableUnavailable = 'true': unavailable values are disabled, not only labelled. */
  disableUnavailable: boolean;
  /** catalog.customerRefMessage = 'modal' (default, closes after 3000 ms) or 'growl'. */
  customerRefMessage: 'modal' | 'growl';
  /** catalog.displayAllActiveWarehouses = 'false': stock by warehouse lists only the warehouses holding some. */
  displayAllActiveWarehouses: boolean;
  /** catalog.galleryVariant = 'catalog': the catalog gallery variant, 4 vertical thumbnails instead of 5 (spec: "catalog gallery variant 4"). */
  gallerySlides: 4 | 5;
}

export const productSettingKeys = {
  disableUnavailable: 'catalog.disableUnavailable',
  customerRefMessage: 'catalog.customerRefMessage',
  displayAllActiveWarehouses: 'catalog.displayAllActiveWarehouses',
  galleryVariant: 'catalog.galleryVariant',
} as const;

const SETTINGS_TTL_MS = 60_000;

/** Kept a minute like the lists' settings (clearCatalogCaches(db) drops them: an admin save should call it). */
export function readProductSettings(db: Db): Promise<ProductPageSettings> {
  return cacheFor<ProductPageSettings>(db, 'product-settings', SETTINGS_TTL_MS, 1).get('settings', () => loadSettings(db));
}

async function loadSettings(db: Db): Promise<ProductPageSettings> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('key', 'in', Object.values(productSettingKeys)).execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    disableUnavailable: value(productSettingKeys.disableUnavailable) === 'true',
    customerRefMessage: value(productSettingKeys.customerRefMessage) === 'growl' ? 'growl' : 'modal',
    displayAllActiveWarehouses: value(productSettingKeys.displayAllActiveWarehouses) !== 'false',
    gallerySlides: value(productSettingKeys.galleryVariant) === 'catalog' ? 4 : 5,
  };
}
