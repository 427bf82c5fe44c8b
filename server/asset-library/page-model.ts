import type { Request, Response } from 'express';
import { allFolders, assetsInFolder, type FolderRow } from './data';
import { type AssetFields, assetFields } from './fields';
import { acceptedExtensions, uploadLimits } from './limits';
import { folderPath, folderTree } from './tree';

/** An asset as the folder's list shows it: its fields, and its size for the culture ("12,3 Ko"). */
export interface AssetView extends AssetFields {
  sizeText: string;
}

function sizeText(bytes: number, culture: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte' | 'byte') => new Intl.NumberFormat(culture, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return format(bytes, 'byte');
  return bytes < 1024 * 1024 ? format(bytes / 1024, 'kilobyte') : format(bytes / (1024 * 1024), 'megabyte');
}

/** The fragment's model (widgets/assets-by-folder): a folder's assets and the ids its links keep. */
export async function folderAssetsModel(req: Request, res: Response, { folderId, rootFolderId }: { folderId: number | null; rootFolderId: number | null }) {
  const assets = await assetsInFolder(req.app.locals.db, { folderId });
  const views: AssetView[] = assets.map((asset) => ({ ...assetFields(res.locals.basePath, asset), sizeText: sizeText(asset.size, res.locals.culture) }));
  return { assets: views, folderId, rootFolderId };
}

/** The library page's model: the tree, the open folder and its path, its assets, and the island's data. */
export async function libraryPageModel(req: Request, res: Response, folderId: number | null) {
  const folders = await allFolders(req.app.locals.db);
  const { basePath, culture, t } = res.locals;
  return {
    title: t('AssetsLibrary.Title'),
    tree: folderTree(folders, null),
    path: folderPath(folders, folderId),
    folders: folders.map((folder: FolderRow) => ({ id: folder.id, label: folderPath(folders, folder.id).map((part) => part.name).join(' / ') })),
    ...(await folderAssetsModel(req, res, { folderId, rootFolderId: null })),
    accept: acceptedExtensions.map((extension) => `.${extension}`).join(','),
    island: {
      api: `${basePath}/api/v1/assetslibrary`,
      uploadUrl: `${basePath}/api/v1/assetslibrary/assets/upload`,
      cropUrl: `${basePath}/assets/croptempimg`,
      assetsUrl: `${basePath}/${culture}/assetslibrary/asset/assetsbyfolder/`,
      maxFileSize: uploadLimits.maxFileBytes,
      maxFiles: uploadLimits.maxFiles,
      maxTotalSize: uploadLimits.maxTotalBytes,
      accept: acceptedExtensions.join(','),
      // The island's own script and style (client/islands/asset-library), named by the page.
      client: islandClient(req),
    },
  };
}

/** The asset library island's script and style; none when the build has no such entry (the page works without). */
function islandClient(req: Request): { script: string | null; style: string | null } | null {
  try {
    return req.app.locals.assets.entry('asset-library');
  } catch {
    return null;
  }
}
