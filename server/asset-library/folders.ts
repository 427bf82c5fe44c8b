// The asset library's folders: create, rename, move (never into itself or below itself), delete (only
// when empty), each with its audit row in the same transaction.
import type { Db } from '../db';
import { writeAudit } from '../audit/data';
import { BadInput, NotFound } from '../http/errors';
import type { Actor } from './library';
import { allFolders, deleteFolder, findFolder, folderHasContent, type FolderRow, insertFolder, updateFolder } from './data';
import { cleanName } from './names';
import { isSelfOrDescendant } from './tree';

export interface FolderFields {
  FolderId: number;
  Name: string;
  ParentId: number | null;
}

const fieldsOf = (folder: FolderRow): FolderFields => ({ FolderId: folder.id, Name: folder.name, ParentId: folder.parentId });
const refuse = (field: string, key: string) => new BadInput({ [field]: key }, 'Core.ErrorTitle', { resourceKey: key });

function folderName(value: unknown): string {
  const name = typeof value === 'string' ? cleanName(value) : '';
  if (!name) throw refuse('Name', 'AssetsLibrary.NameRequired');
  return name;
}

type Parts = { db: Db; actor: Actor };

export async function createFolder({ db, actor }: Parts, { name, parentId }: { name: unknown; parentId: number | null }): Promise<FolderFields> {
  const cleaned = folderName(name);
  return db.transaction().execute(async (trx) => {
    if (parentId !== null && !(await findFolder(trx, { folderId: parentId }))) throw refuse('ParentId', 'AssetsLibrary.FolderNotFound');
    const folderId = await insertFolder(trx, { name: cleaned, parentId });
    const created = { id: folderId, parentId, name: cleaned, position: 0 };
    await writeAudit(trx, { actorId: actor.userId, action: 'folder.create', entity: 'asset_folder', entityId: folderId, after: fieldsOf(created) });
    return fieldsOf(created);
  });
}

export async function renameFolder({ db, actor }: Parts, { folderId, name }: { folderId: number; name: unknown }): Promise<FolderFields> {
  const cleaned = folderName(name);
  return db.transaction().execute(async (trx) => {
    const folder = await findFolder(trx, { folderId });
    if (!folder) throw new NotFound();
    await updateFolder(trx, { folderId, name: cleaned });
    await writeAudit(trx, { actorId: actor.userId, action: 'folder.rename', entity: 'asset_folder', entityId: folderId, before: fieldsOf(folder), after: { ...fieldsOf(folder), Name: cleaned } });
    return { ...fieldsOf(folder), Name: cleaned };
  });
}

export async function moveFolder({ db, actor }: Parts, { folderId, parentId }: { folderId: number; parentId: number | null }): Promise<FolderFields> {
  return db.transaction().execute(async (trx) => {
    const folders = await allFolders(trx);
    const folder = folders.find((candidate) => candidate.id === folderId);
    if (!folder) throw new NotFound();
    if (parentId !== null && !folders.some((candidate) => candidate.id === parentId)) throw refuse('ParentId', 'AssetsLibrary.FolderNotFound');
    if (isSelfOrDescendant(folders, folderId, parentId)) throw refuse('ParentId', 'AssetsLibrary.FolderMoveIntoItself');
    await updateFolder(trx, { folderId, parentId });
    await writeAudit(trx, { actorId: actor.userId, action: 'folder.move', entity: 'asset_folder', entityId: folderId, before: fieldsOf(folder), after: { ...fieldsOf(folder), ParentId: parentId } });
    return { ...fieldsOf(folder), ParentId: parentId };
  });
}

export async function removeFolder({ db, actor }: Parts, { folderId }: { folderId: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const folder = await findFolder(trx, { folderId });
    if (!folder) throw new NotFound();
    if (await folderHasContent(trx, { folderId })) throw refuse('FolderId', 'AssetsLibrary.FolderNotEmpty');
    await deleteFolder(trx, { folderId });
    await writeAudit(trx, { actorId: actor.userId, action: 'folder.delete', entity: 'asset_folder', entityId: folderId, before: fieldsOf(folder) });
  });
}
