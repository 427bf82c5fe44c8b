import { pictureSizes } from '../catalog/urls';

/** The largest rendition the route draws, per side: enough for a zoomed gallery photo on a wide screen. */
export const maxSide = 2000;

/**
 * The sizes the route draws: those the pages ask for (server/catalog/urls.ts pictures, the spec's 80x80
 * among them). Any other is refused, so no one can fill the rendition cache with sizes nobody shows.
 */
export const offeredSizes: ReadonlySet<string> = new Set(pictureSizes());

export interface Size {
  width: number;
  height: number;
}

/** "160x120" -> {160, 120}; anything else (zero, over 2000, signs, decimals, leading zeros) -> null. */
export function parseSize(text: string): Size | null {
  const match = /^([1-9]\d{0,3})x([1-9]\d{0,3})$/.exec(text);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width <= maxSide && height <= maxSide ? { width, height } : null;
}

/** A size the pages show, or null (malformed or not offered). */
export function offeredSize(text: string): Size | null {
  return offeredSizes.has(text) ? parseSize(text) : null;
}

export type OutputFormat = 'webp' | 'png' | 'jpeg';

export const mimeOf: Record<OutputFormat, string> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };

/**
 * WebP when the browser says it takes it; otherwise PNG for originals that may hold transparency
 * (PNG, GIF) and JPEG for the rest (photos, and our SVG drawings flattened on white).
 */
export function chooseFormat(accept: string | undefined, originalMime: string): OutputFormat {
  if (namesWebp(accept)) return 'webp';
  return originalMime === 'image/png' || originalMime === 'image/gif' ? 'png' : 'jpeg';
}

/** Only an explicit image/webp counts: browsers without WebP also send *\/* for images. */
function namesWebp(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((entry) => {
    const [type, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return type === 'image/webp' && (!quality || Number(quality.slice(2)) > 0);
  });
}
