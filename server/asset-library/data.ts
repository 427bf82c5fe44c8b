// The asset library's queries: its assets (rows of `assets` with a folder) and its folders. The only
// file that reads or writes asset_folders, and the library's columns of assets.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface LibraryAsset {
  id: number;
  name: string;
  originalName: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  fileType: string;
  folderId: number | null;
  storageKey: string | null;
}

export interface FolderRow {
  id: number;
  parentId: number | null;
  name: string;
  position: number;
}

const assetColumns = ['id', 'name', 'original_name', 'mime', 'width', 'height', 'size', 'file_type', 'folder_id', 'storage_key'] as const;

type AssetRow = { id: number; name: string; original_name: string; mime: string; width: number; height: number; size: number | string; file_type: string; folder_id: number | null; storage_key: string | null };

const assetOf = (row: AssetRow): LibraryAsset => ({
  id: toNumber(row.id),
  name: row.name,
  originalName: row.original_name,
  mime: row.mime,
  width: toNumber(row.width),
  height: toNumber(row.height),
  size: toNumber(row.size),
  fileType: row.file_type,
  folderId: row.folder_id === null ? null : toNumber(row.folder_id),
  storageKey: row.storage_key,
});

export async function insertAsset(
  db: Executor,
  asset: { name: string; originalName: string; mime: string; width: number; height: number; size: number; fileType: string; folderId: number | null; storageKey: string; createdBy: number },
): Promise<number> {
  const row = await db
    .insertInto('assets')
    .values({
      name: asset.name, original_name: asset.originalName, mime: asset.mime, width: asset.width, height: asset.height, size: asset.size,
      content: Buffer.alloc(0), file_type: asset.fileType, folder_id: asset.folderId, storage_key: asset.storageKey, created_by: asset.createdBy, created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(row.id);
}

export async function findAsset(db: Executor, { assetId }: { assetId: number }): Promise<LibraryAsset | null> {
  const row = await db.selectFrom('assets').select(assetColumns).where('id', '=', assetId).executeTakeFirst();
  return row ? assetOf(row) : null;
}

/** A folder's assets (the root's: folder null), newest first. */
export async function assetsInFolder(db: Executor, { folderId }: { folderId: number | null }): Promise<LibraryAsset[]> {
  let query = db.selectFrom('assets').select(assetColumns).orderBy('id', 'desc').limit(500);
  query = folderId === null ? query.where('folder_id', 'is', null) : query.where('folder_id', '=', folderId);
  return (await query.execute()).map(assetOf);
}

export async function renameAsset(db: Executor, { assetId, name }: { assetId: number; name: string }): Promise<void> {
  await db.updateTable('assets').set({ name }).where('id', '=', assetId).execute();
}

/** Whether a gallery (product, project, news post) shows the asset: its rows would go with it. */
export async function assetInGallery(db: Executor, { assetId }: { assetId: number }): Promise<boolean> {
  for (const table of ['product_images', 'project_images', 'news_post_images'] as const) {
    if (await db.selectFrom(table).select('asset_id').where('asset_id', '=', assetId).limit(1).executeTakeFirst()) return true;
  }
  return false;
}

export async function deleteAsset(db: Executor, { assetId }: { assetId: number }): Promise<void> {
  await db.deleteFrom('assets').where('id', '=', assetId).execute();
}

/** Every folder (a library holds tens, not thousands): the tree is built from them in memory. */
export async function allFolders(db: Executor): Promise<FolderRow[]> {
  const rows = await db.selectFrom('asset_folders').select(['id', 'parent_id', 'name', 'position']).orderBy('position').orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({ id: toNumber(row.id), parentId: row.parent_id === null ? null : toNumber(row.parent_id), name: row.name, position: toNumber(row.position) }));
}

export async function findFolder(db: Executor, { folderId }: { folderId: number }): Promise<FolderRow | null> {
  const row = await db.selectFrom('asset_folders').select(['id', 'parent_id', 'name', 'position']).where('id', '=', folderId).executeTakeFirst();
  return row ? { id: toNumber(row.id), parentId: row.parent_id === null ? null : toNumber(row.parent_id), name: row.name, position: toNumber(row.position) } : null;
}

export async function insertFolder(db: Executor, { name, parentId }: { name: string; parentId: number | null }): Promise<number> {
  const row = await db.insertInto('asset_folders').values({ name, parent_id: parentId, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
  return toNumber(row.id);
}

export async function updateFolder(db: Executor, { folderId, ...changes }: { folderId: number; name?: string; parentId?: number | null }): Promise<void> {
  const set = { ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.parentId !== undefined ? { parent_id: changes.parentId } : {}) };
  await db.updateTable('asset_folders').set(set).where('id', '=', folderId).execute();
}

/** Whether a folder holds sub-folders or assets. */
export async function folderHasContent(db: Executor, { folderId }: { folderId: number }): Promise<boolean> {
  const child = await db.selectFrom('asset_folders').select('id').where('parent_id', '=', folderId).limit(1).executeTakeFirst();
  const asset = await db.selectFrom('assets').select('id').where('folder_id', '=', folderId).limit(1).executeTakeFirst();
  return Boolean(child || asset);
}

export async function deleteFolder(db: Executor, { folderId }: { folderId: number }): Promise<void> {
  await db.deleteFrom('asset_folders').where('id', '=', folderId).execute();
}
