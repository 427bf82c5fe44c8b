import { findAssetMeta } from '../../assets/data';
import type { Asset } from '../../catalog/urls';
import type { Db } from '../../db';

/** The assets named, by id; an unknown one is left out (its picture shows "no photo"). */
export async function assetsById(db: Db, ids: number[]): Promise<Map<number, Asset>> {
  const found = await Promise.all([...new Set(ids)].map((assetId) => findAssetMeta(db, { assetId })));
  return new Map(found.flatMap((asset) => (asset ? [[asset.id, { id: asset.id, name: asset.name }] as const] : [])));
}

export async function assetOf(db: Db, id: number): Promise<Asset | null> {
  return (await assetsById(db, [id])).get(id) ?? null;
}
