// Stored objects that no asset row names: an upload whose row failed while the storage was away too
// (its file could not be removed then), an asset deleted while the storage was away (its file and
// renditions stayed), an instance killed between writing a file and committing its row. A background
// job (one instance at a time) removes them, with the expired temp images; an object younger than an
// hour is left alone, since its row may still be on its way (an upload stores the file first).
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { Storage, StoredObject } from '../storage';
import { assetFileKey } from './library';
import { sweepTemp } from './temp';

export const orphanGraceMs = 60 * 60 * 1000;
const batch = 500;

export interface SweepCounts {
  files: number;
  renditions: number;
  temp: number;
}

export async function sweepStorage(db: Db, storage: Storage, { now = Date.now(), graceMs = orphanGraceMs } = {}): Promise<SweepCounts> {
  const settled = (object: StoredObject) => now - object.modifiedAt > graceMs;
  const files = (await storage.list(assetFileKey(''))).filter(settled);
  // renditions/{assetId}/…; renditions/nophoto/ belongs to no asset.
  const renditions = (await storage.list('renditions/')).filter((object) => settled(object) && /^renditions\/[1-9]\d{0,15}\//.test(object.key));
  const orphanFiles = await unknown(files, (object) => object.key.split('/')[1], (keys) => knownStorageKeys(db, keys));
  const orphanRenditions = await unknown(renditions, (object) => object.key.split('/')[1], (ids) => knownAssetIds(db, ids.map(Number)));
  for (const object of [...orphanFiles, ...orphanRenditions]) await storage.delete(object.key);
  const temp = await sweepTemp(storage, { now, force: true });
  return { files: orphanFiles.length, renditions: orphanRenditions.length, temp };
}

/** The objects whose owner (named by ownerOf) is not among those known to the database, asked in batches. */
async function unknown(objects: StoredObject[], ownerOf: (object: StoredObject) => string, known: (owners: string[]) => Promise<Set<string>>): Promise<StoredObject[]> {
  const owners = [...new Set(objects.map(ownerOf))];
  const found = new Set<string>();
  for (let start = 0; start < owners.length; start += batch) for (const owner of await known(owners.slice(start, start + batch))) found.add(owner);
  return objects.filter((object) => !found.has(ownerOf(object)));
}

async function knownStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('assets').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set(rows.map((row) => row.storage_key ?? ''));
}

async function knownAssetIds(db: Db, ids: number[]): Promise<Set<string>> {
  const rows = await db.selectFrom('assets').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => String(toNumber(row.id))));
}
