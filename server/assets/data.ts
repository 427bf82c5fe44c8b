import type { Db } from '../db';
import { toNumber } from '../db/normalise';

export interface AssetMeta {
  id: number;
  name: string;
  mime: string;
  width: number;
  height: number;
  /** Byte size and creation time: they name the cached renditions, so a replaced original gets new ones. */
  version: string;
}

/** The asset's description without its bytes, which are read only when a rendition is not cached yet. */
export async function findAssetMeta(db: Db, { assetId }: { assetId: number }): Promise<AssetMeta | null> {
  const row = await db
    .selectFrom('assets')
    .select(['id', 'name', 'mime', 'width', 'height', 'size', 'created_at'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!row) return null;
  const { id, name, mime, width, height } = row;
  return { id, name, mime, width, height, version: `${toNumber(row.size)}-${toNumber(row.created_at)}` };
}

export async function loadAssetContent(db: Db, { assetId }: { assetId: number }): Promise<Buffer | null> {
  const row = await db.selectFrom('assets').select('content').where('id', '=', assetId).executeTakeFirst();
  return row ? Buffer.from(row.content) : null;
}
