import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { Storage } from '../storage';
import { cacheFor } from '../catalog/lists-cache';

export interface AssetMeta {
  id: number;
  name: string;
  mime: string;
  width: number;
  height: number;
  /** Byte size and creation time: they name the cached renditions, so a replaced original gets new ones. */
  version: string;
  /** 'Image' or 'Document' (asset library, migration 020). */
  fileType: string;
  /** The original is in the storage (an upload), not in the row (a seeded asset). */
  inStorage: boolean;
}

/** What the picture and file routes need: the description, and whether it answers without its key. */
export interface ServedAsset extends AssetMeta {
  /** A catalog picture (a product's, a category's, a brand's): served without `?key=` (server/assets/keys.ts). */
  open: boolean;
}

/** An asset's description changes only when its original is replaced: kept a few minutes per id. */
const ASSET_META_TTL_MS = 5 * 60_000;

/** The kept descriptions; the asset library clears them when it renames or deletes an asset. */
export const assetMetaCache = (db: object) => cacheFor<ServedAsset>(db, 'asset-meta', ASSET_META_TTL_MS, 10_000);

/** Whether a product, a category or a brand shows the asset (one indexed look-up per table). */
export async function isCatalogPicture(db: Db, { assetId }: { assetId: number }): Promise<boolean> {
  const found = await db
    .selectFrom('product_images')
    .select((eb) => eb.lit(1).as('found'))
    .where('asset_id', '=', assetId)
    .union(db.selectFrom('categories').select((eb) => eb.lit(1).as('found')).where('asset_id', '=', assetId))
    .union(db.selectFrom('brands').select((eb) => eb.lit(1).as('found')).where('asset_id', '=', assetId))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** The asset's description without its bytes, which are read only when a rendition is not cached yet. */
export async function findAssetMeta(db: Db, { assetId }: { assetId: number }): Promise<AssetMeta | null> {
  const row = await db
    .selectFrom('assets')
    .select(['id', 'name', 'mime', 'width', 'height', 'size', 'created_at', 'file_type', 'storage_key'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!row) return null;
  const { id, name, mime, width, height } = row;
  return { id, name, mime, width, height, version: `${toNumber(row.size)}-${toNumber(row.created_at)}`, fileType: row.file_type, inStorage: row.storage_key !== null };
}

/** The original's bytes: in the storage for an uploaded asset (storage_key), in the row for a seeded one. */
export async function loadAssetContent(db: Db, storage: Storage, { assetId }: { assetId: number }): Promise<Buffer | null> {
  const row = await db.selectFrom('assets').select(['content', 'storage_key']).where('id', '=', assetId).executeTakeFirst();
  if (!row) return null;
  return row.storage_key ? storage.get(`assets/${row.storage_key}`) : Buffer.from(row.content);
}
