// The asset widgets' pure rules (spec sections 3 and 5): the form field names, the crop decision and
// the crop box's rounding and clamping, the accept list and the multi-file widget's file-type map.
// No DOM here: unit-tested in test/unit/client/asset-library-rules.test.ts.

export interface Size {
  width: number;
  height: number;
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The single widget's form fields (spec section 3, single mode). */
export function singleFieldNames(id: string) {
  return {
    assetId: `AssetId-${id}`,
    assetName: `AssetName-${id}`,
    loaded: `AssetLoaded${id}`,
    name: `asset-${id}-name`,
    nameChanged: `asset-${id}-name-changed`,
    required: `file-upload-required-${id}`,
  };
}

/** The multi-file widget's form fields (spec section 3, multiple mode); `asset(guid)` names one asset's. */
export function multipleFieldNames(id: string) {
  return {
    orders: `list-assets-orders-${id}`,
    loaded: `AssetsLoaded-${id}`,
    required: `file-upload-required-${id}`,
    asset: (guid: string) => `asset-${guid}`,
    assetName: (guid: string) => `asset-${guid}-name`,
  };
}

/** The crop data attribute, "width,height": null when absent or not two positive integers. */
export function parseCrop(value: string | undefined | null): Size | null {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value ?? '');
  if (!match) return null;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return width > 0 && height > 0 ? { width, height } : null;
}

export type CropDecision = { kind: 'accept' } | { kind: 'too-small'; minimum: Size } | { kind: 'crop'; crop: Size };

/** Image upload (spec section 5): as is when no crop or the exact size, refused when smaller, else cropped. */
export function cropDecision(image: Size, crop: Size | null): CropDecision {
  if (!crop || (image.width === crop.width && image.height === crop.height)) return { kind: 'accept' };
  if (image.width < crop.width || image.height < crop.height) return { kind: 'too-small', minimum: crop };
  return { kind: 'crop', crop };
}

/** The minimum-size message followed by "width x height px". */
export function minimumSizeMessage(message: string, minimum: Size): string {
  return `${message} ${minimum.width} x ${minimum.height} px`;
}

/**
 * The crop box sent to the server: rounded, negatives clamped to 0, and kept inside the image (a box
 * that reaches past an edge is shortened to it), never under 1 pixel.
 */
export function clampCrop(box: CropBox, image: Size): CropBox {
  const x = Math.min(Math.max(0, Math.round(box.x)), image.width - 1);
  const y = Math.min(Math.max(0, Math.round(box.y)), image.height - 1);
  const width = Math.max(1, Math.min(Math.round(box.width), image.width - x));
  const height = Math.max(1, Math.min(Math.round(box.height), image.height - y));
  return { x, y, width, height };
}

/**
 * A box grown to at least the minimum size (the crop size: the crop modal's minimum), kept in the image
 * by moving it back from the right and bottom edges; an image smaller than the minimum keeps its size.
 */
export function atLeast(box: CropBox, minimum: Size, image: Size): CropBox {
  const width = Math.min(Math.max(box.width, minimum.width), image.width);
  const height = Math.min(Math.max(box.height, minimum.height), image.height);
  return { x: Math.max(0, Math.min(box.x, image.width - width)), y: Math.max(0, Math.min(box.y, image.height - height)), width, height };
}

/** The image's size once rotated by a multiple of 90 degrees. */
export function rotatedSize(image: Size, degrees: number): Size {
  return Math.abs(degrees) % 180 === 90 ? { width: image.height, height: image.width } : image;
}

const EXTENSION = /\.([a-z0-9]+)$/i;

export function extensionOf(fileName: string): string {
  return (EXTENSION.exec(fileName)?.[1] ?? '').toLowerCase();
}

/**
 * The accept attribute's check (spec section 5): by extension (jpg also matches jpeg and back) or by
 * MIME type, "image/*" included. An empty accept list takes every file.
 */
export function acceptsFile(accept: string, file: { name: string; type: string }): boolean {
  const entries = accept.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  if (entries.length === 0) return true;
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase();
  const alias = (name: string) => (name === 'jpg' ? 'jpeg' : name === 'jpeg' ? 'jpg' : name);
  return entries.some((entry) => {
    if (entry.startsWith('.')) return entry.slice(1) === extension || alias(entry.slice(1)) === extension;
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    if (entry.includes('/')) return entry === type || (entry === 'image/jpeg' && type === 'image/jpg');
    return entry === extension || alias(entry) === extension;
  });
}

/** The file types of the multi-file widget's map and the extensions each covers. */
export const FILE_TYPES: Record<string, string[]> = {
  Image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif'],
  Document: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'txt', 'csv', 'rtf'],
  Video: ['mp4', 'webm', 'mov', 'm4v'],
  Audio: ['mp3', 'wav', 'ogg', 'm4a'],
  Archive: ['zip'],
};

/** The file type a name belongs to ("Image", "Document", ...), or null for one the map does not know. */
export function fileTypeOf(fileName: string): string | null {
  const extension = extensionOf(fileName);
  return Object.keys(FILE_TYPES).find((type) => FILE_TYPES[type].includes(extension)) ?? null;
}

/** The file-type data attribute: a JSON map of type to enabled; a bad one enables nothing. */
export function parseFileTypes(value: string | undefined | null): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([type, enabled]) => [type.toLowerCase(), enabled === true || enabled === 'true']));
  } catch {
    return {};
  }
}

/** The multi-file widget takes a file only when its type is enabled in the map (keys in any case). */
export function fileTypeEnabled(fileTypes: Record<string, boolean>, fileName: string): boolean {
  const type = fileTypeOf(fileName);
  return type !== null && fileTypes[type.toLowerCase()] === true;
}

/** The max-file-size attribute, in bytes: 0 or less (or absent) means no limit. */
export function withinMaxSize(size: number, maxFileSize: number): boolean {
  return !(maxFileSize > 0) || size <= maxFileSize;
}

/** Moves the item at `from` to `to` in a copy of the list (the multi-file widget's order). */
export function moveItem<Item>(items: readonly Item[], from: number, to: number): Item[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}
