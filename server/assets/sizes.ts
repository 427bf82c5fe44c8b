/** The largest rendition the route draws, per side: enough for a zoomed gallery photo on a wide screen. */
export const maxSide = 2000;

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
