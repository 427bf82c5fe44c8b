import type { FolderRow } from './data';

/** A folder tree node as the spec's hierarchy call answers it. */
export interface FolderNode {
  FolderId: number;
  Name: string;
  ItemLevel: number;
  Children: FolderNode[];
}

/** The folders under parentId (null: the top level), ItemLevel 1 for the first level. */
export function folderTree(folders: FolderRow[], parentId: number | null, level = 1): FolderNode[] {
  return folders
    .filter((folder) => folder.parentId === parentId)
    .map((folder) => ({ FolderId: folder.id, Name: folder.name, ItemLevel: level, Children: folderTree(folders, folder.id, level + 1) }));
}

/** Whether candidate is folderId itself or lies under it (a move there would make a loop). */
export function isSelfOrDescendant(folders: FolderRow[], folderId: number, candidate: number | null): boolean {
  const parentOf = new Map(folders.map((folder) => [folder.id, folder.parentId]));
  for (let current = candidate, steps = 0; current !== null && steps <= folders.length; steps++) {
    if (current === folderId) return true;
    current = parentOf.get(current) ?? null;
  }
  return false;
}

/** The folders from the top down to folderId (the page's breadcrumb). */
export function folderPath(folders: FolderRow[], folderId: number | null): FolderRow[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: FolderRow[] = [];
  for (let current = folderId === null ? undefined : byId.get(folderId); current && path.length <= folders.length; current = current.parentId === null ? undefined : byId.get(current.parentId)) {
    path.unshift(current);
  }
  return path;
}
