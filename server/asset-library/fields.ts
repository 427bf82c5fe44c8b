import { assetKeyQuery } from '../assets/keys';
import { assetPath } from '../catalog/urls';
import type { LibraryAsset } from './data';

/** The asset as every call answers it (spec section 3 names; docs/asset-library.md). */
export interface AssetFields {
  guid: string;
  AssetId: number;
  name: string;
  Name: string;
  OriginalFileName: string;
  Uri: string;
  thumbnail_url: string | null;
  Width: number;
  Height: number;
  fileType: string;
  size: number;
  FolderId: number | null;
}

/** The stored file's stable address (images: the re-encoded original), with its key (server/assets/keys.ts). */
export function fileUri(basePath: string, asset: { id: number; name: string }): string {
  return `${basePath}/assets/file/${asset.id}/${encodeURIComponent(asset.name)}${assetKeyQuery(asset.id)}`;
}

export function assetFields(basePath: string, asset: LibraryAsset): AssetFields {
  const isImage = asset.fileType === 'Image';
  return {
    guid: String(asset.id),
    AssetId: asset.id,
    name: asset.name,
    Name: asset.name,
    OriginalFileName: asset.originalName,
    Uri: fileUri(basePath, asset),
    thumbnail_url: isImage ? basePath + assetPath(asset, 80, 80) : null,
    Width: asset.width,
    Height: asset.height,
    fileType: asset.fileType,
    size: asset.size,
    FolderId: asset.folderId,
  };
}
