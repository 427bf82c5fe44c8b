// The asset library's assets: storing checked uploads (file first, then the row and its audit in one
// transaction; the file removed again when the row fails), renaming and deleting them.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { type Storage, StorageUnavailable } from '../storage';
import { writeAudit } from '../audit/data';
import { BadInput, NotFound } from '../http/errors';
import type { CheckedFile } from './inspect';
import { assetInGallery, deleteAsset, type Executor, findAsset, findFolder, insertAsset, type LibraryAsset, renameAsset } from './data';
import { cleanName } from './names';
import { clearCatalogCaches } from '../catalog/lists-cache';

export interface Actor {
  userId: number;
}

export const assetFileKey = (storageKey: string) => `assets/${storageKey}`;
export const renditionPrefix = (assetId: number) => `renditions/${assetId}/`;

/** A folder id that exists (null: the root); an unknown one is a 400 naming the field. */
export async function existingFolder(db: Db | Executor, folderId: number | null, field = 'folderId'): Promise<number | null> {
  if (folderId !== null && !(await findFolder(db, { folderId }))) throw new BadInput({ [field]: 'AssetsLibrary.FolderNotFound' }, 'Core.ErrorTitle', { resourceKey: 'AssetsLibrary.FolderNotFound' });
  return folderId;
}

export async function storeAsset(
  parts: { db: Db; storage: Storage; actor: Actor; folderId: number | null; action?: string },
  file: Pick<CheckedFile, 'name' | 'originalName' | 'bytes' | 'mime' | 'fileType' | 'width' | 'height'>,
): Promise<LibraryAsset> {
  const { db, storage, actor, folderId } = parts;
  const storageKey = randomBytes(16).toString('hex');
  await storage.put(assetFileKey(storageKey), file.bytes, file.mime);
  try {
    return await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: a folder deleted since the request was read is a clear
      // 400 (the foreign key alone would be a raw database error), and the file goes with it below.
      await existingFolder(trx, folderId);
      const row = { name: file.name, originalName: file.originalName, mime: file.mime, width: file.width, height: file.height, size: file.bytes.length, fileType: file.fileType, folderId, storageKey };
      const assetId = await insertAsset(trx, { ...row, createdBy: actor.userId });
      await writeAudit(trx, { actorId: actor.userId, action: parts.action ?? 'asset.upload', entity: 'asset', entityId: assetId, after: row });
      return { id: assetId, ...row };
    });
  } catch (error) {
    // No file without its row: removed now, or (the storage away too) by the storage sweep later.
    await storage.delete(assetFileKey(storageKey)).catch(() => undefined);
    throw error;
  }
}

export async function libraryAsset(db: Db, assetId: number): Promise<LibraryAsset> {
  const asset = await findAsset(db, { assetId });
  if (!asset) throw new NotFound();
  return asset;
}

/** The display name changes; the stored file and its key do not. */
export async function renameLibraryAsset({ db, actor }: { db: Db; actor: Actor }, { assetId, name }: { assetId: number; name: unknown }): Promise<LibraryAsset> {
  const cleaned = typeof name === 'string' ? cleanName(name) : '';
  if (!cleaned) throw new BadInput({ Name: 'AssetsLibrary.NameRequired' }, 'Core.ErrorTitle', { resourceKey: 'AssetsLibrary.NameRequired' });
  return db.transaction().execute(async (trx) => {
    const asset = await findAsset(trx, { assetId });
    if (!asset) throw new NotFound();
    await renameAsset(trx, { assetId, name: cleaned });
    await writeAudit(trx, { actorId: actor.userId, action: 'asset.rename', entity: 'asset', entityId: assetId, before: { name: asset.name }, after: { name: cleaned } });
    return { ...asset, name: cleaned };
  }).finally(() => clearCatalogCaches(db));
}

/**
 * The row goes first (with its audit); its file and renditions after (the storage away, they are left
 * to the storage sweep: the asset is deleted either way). An asset a gallery still shows
 * (product, project, news post: their rows would be deleted with it) is refused: a clear 400.
 */
export async function deleteLibraryAsset({ db, storage, actor }: { db: Db; storage: Storage; actor: Actor }, { assetId }: { assetId: number }): Promise<void> {
  const asset = await db.transaction().execute(async (trx) => {
    const found = await findAsset(trx, { assetId });
    if (!found) throw new NotFound();
    if (await assetInGallery(trx, { assetId })) throw inUse();
    await deleteAsset(trx, { assetId });
    await writeAudit(trx, { actorId: actor.userId, action: 'asset.delete', entity: 'asset', entityId: assetId, before: found });
    return found;
  }).catch((error: unknown) => {
    if (isReferenceError(error)) throw inUse();
    throw error;
  });
  clearCatalogCaches(db);
  await removeFiles(storage, asset).catch((error: unknown) => {
    if (!(error instanceof StorageUnavailable)) throw error;
  });
}

async function removeFiles(storage: Storage, asset: LibraryAsset): Promise<void> {
  if (asset.storageKey) await storage.delete(assetFileKey(asset.storageKey));
  for (const rendition of await storage.list(renditionPrefix(asset.id))) await storage.delete(rendition.key);
}

const inUse = () => new BadInput({ AssetId: 'AssetsLibrary.AssetInUse' }, 'Core.ErrorTitle', { resourceKey: 'AssetsLibrary.AssetInUse' });

function isReferenceError(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY/i.test(message ?? '');
}
