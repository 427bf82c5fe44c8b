// The asset library's calls (spec section 7 and docs/asset-library.md): upload with its progress
// (XMLHttpRequest, since fetch reports no upload progress), the temp image's crop, one asset, rename,
// and the folders. Posts carry the page's CSRF token in the header the server reads.
import type { CropBox, Size } from './rules';

/** An asset as the server answers it (spec section 3); an upload's failed file has name and Error only. */
export interface Asset {
  guid?: string;
  AssetId?: number;
  name?: string;
  Name?: string;
  OriginalFileName?: string;
  Uri?: string;
  thumbnail_url?: string;
  Width?: number;
  Height?: number;
  fileType?: string;
  size?: number;
  tmpName?: string;
  Error?: string;
}

export interface FolderNode {
  FolderId: number;
  Name: string;
  ItemLevel: number;
  Children: FolderNode[];
}

/** A call that failed: its HTTP status (0 for the network) and the server's Message when it sent one. */
export class AssetCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AssetCallError';
  }
}

export interface Context {
  basePath: string;
  culture: string;
}

export function pageContext(): Context {
  const root = document.documentElement;
  return { basePath: (root.dataset.basePath ?? '').replace(/\/+$/, ''), culture: root.dataset.culture ?? 'fr' };
}

function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

const api = (context: Context, path: string) => `${context.basePath}/api/v1/assetslibrary/${path}`;

export function assetName(asset: Asset): string {
  return asset.Name ?? asset.name ?? asset.OriginalFileName ?? '';
}

export function assetKey(asset: Asset): string {
  return asset.guid ?? String(asset.AssetId ?? '');
}

async function answerOf<Answer>(response: Response): Promise<Answer> {
  const body = (await response.json().catch(() => null)) as (Answer & { Message?: string }) | null;
  if (!response.ok || body === null) throw new AssetCallError(response.status, body?.Message ?? '');
  return body;
}

async function call<Answer>(url: string, init: RequestInit = {}): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.method === 'POST') Object.assign(headers, { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken() });
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new AssetCallError(0, '');
  }
  return answerOf<Answer>(response);
}

const post = <Answer>(url: string, body: Record<string, unknown> = {}) => call<Answer>(url, { method: 'POST', body: JSON.stringify(body) });

export interface UploadOptions {
  folderId?: number | null;
  /** An image to crop: the server keeps it aside and answers its tmpName. */
  temp?: boolean;
  onProgress?(fraction: number): void;
}

/** POST .../assets/upload (multipart `files`): one answer per file, an asset, a temp image or {name, Error}. */
export function uploadFiles(context: Context, files: readonly (File | { blob: Blob; name: string })[], options: UploadOptions = {}): Promise<Asset[]> {
  const form = new FormData();
  for (const file of files) {
    if (file instanceof File) form.append('files', file, file.name);
    else form.append('files', file.blob, file.name);
  }
  if (options.folderId) form.append('folderId', String(options.folderId));
  if (options.temp) form.append('temp', 'true');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api(context, 'assets/upload'));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', csrfToken());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(body)) resolve(body as Asset[]);
      else reject(new AssetCallError(xhr.status, (body as { Message?: string } | null)?.Message ?? ''));
    });
    xhr.addEventListener('error', () => reject(new AssetCallError(0, '')));
    xhr.addEventListener('abort', () => reject(new AssetCallError(0, '')));
    xhr.send(form);
  });
}

/** GET {app}/assets/croptempimg/{tmpName}/{x}/{y}/{w}/{h}/{cropWidth}/{cropHeight}: the cropped asset or {Error}. */
export async function cropTempImage(context: Context, tmpName: string, box: CropBox, crop: Size, options: { keepOriginal?: boolean; folderId?: number | null } = {}): Promise<Asset> {
  const parts = [tmpName, box.x, box.y, box.width, box.height, crop.width, crop.height].map((part) => encodeURIComponent(String(part)));
  const query = new URLSearchParams();
  if (options.keepOriginal) query.set('keepOriginal', 'true');
  if (options.folderId) query.set('folderId', String(options.folderId));
  const url = `${context.basePath}/assets/croptempimg/${parts.join('/')}${query.toString() ? `?${query.toString()}` : ''}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).catch(() => {
    throw new AssetCallError(0, '');
  });
  const body = (await response.json().catch(() => null)) as (Asset & { Message?: string }) | null;
  // A crop refused by the server answers its Error (a modal shows it); any other failure is the generic one.
  if (body?.Error) return body;
  if (!response.ok || body === null) throw new AssetCallError(response.status, body?.Message ?? '');
  return body;
}

export const getAsset = (context: Context, assetId: number) => call<Asset>(api(context, `assets/${assetId}`));
export const renameAsset = (context: Context, assetId: number, name: string) => post<Asset>(api(context, `assets/${assetId}/rename`), { Name: name });

export function folderHierarchy(context: Context, folderId?: number | null): Promise<FolderNode[]> {
  return call<FolderNode[]>(api(context, `folders/hierarchy${folderId ? `?folderId=${folderId}` : ''}`));
}

export const createFolder = (context: Context, name: string, parentId: number | null) => post<FolderNode>(api(context, 'folders'), { Name: name, ParentId: parentId });
export const renameFolder = (context: Context, folderId: number, name: string) => post<FolderNode>(api(context, `folders/${folderId}/rename`), { Name: name });
export const moveFolder = (context: Context, folderId: number, parentId: number | null) => post<FolderNode>(api(context, `folders/${folderId}/move`), { ParentId: parentId });
export const deleteFolder = (context: Context, folderId: number) => post<unknown>(api(context, `folders/${folderId}/delete`));

/**
 * {app}/{culture}/assetslibrary/asset/assetsbyfolder/: the library's root as is; a folder adds
 * {folderId}/{rootFolderId}, the root of its tree (its own top-level folder when the tree is the whole library).
 */
export function assetsByFolderUrl(context: Context, folderId: number | null, rootFolderId: number | null): string {
  const base = `${context.basePath}/${context.culture}/assetslibrary/asset/assetsbyfolder/`;
  return folderId ? `${base}${folderId}/${rootFolderId ?? folderId}` : base;
}
