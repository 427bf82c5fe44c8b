import sharp from 'sharp';
import type { OutputFormat, Size } from './sizes';

/** Originals above 40 megapixels are refused rather than decoded (a decompression bomb costs memory, not disk). */
export const maxInputPixels = 40_000_000;

/**
 * The original cropped to fill the box (cover, centred) in the chosen format. SVG drawings are
 * rasterised at the density that gives the box's size, so large renditions stay sharp.
 */
export async function renderRendition(parts: { content: Buffer; mime: string; natural: Size; box: Size; format: OutputFormat }): Promise<Buffer> {
  const { box, natural, format } = parts;
  const scale = Math.max(box.width / Math.max(1, natural.width), box.height / Math.max(1, natural.height));
  const density = parts.mime === 'image/svg+xml' ? Math.min(2400, Math.max(1, Math.ceil(72 * scale))) : undefined;
  let image = sharp(parts.content, { limitInputPixels: maxInputPixels, density, failOn: 'error' })
    .rotate()
    .resize(box.width, box.height, { fit: 'cover', position: 'centre' });
  if (format === 'jpeg') image = image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true, mozjpeg: true });
  else if (format === 'webp') image = image.webp({ quality: 80 });
  else image = image.png({ compressionLevel: 8 });
  return image.toBuffer();
}

/** The "no photo" picture: a light frame with a crossed-out camera, no words (it is the same in every culture). */
export function noPhotoSvg(): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">' +
      '<rect width="400" height="400" fill="#f1f1f1"/>' +
      '<g fill="none" stroke="#b5b5b5" stroke-width="14" stroke-linejoin="round">' +
      '<path d="M110 150 h40 l20 -28 h60 l20 28 h40 v130 h-180 z"/><circle cx="200" cy="212" r="40"/>' +
      '<path d="M110 300 L290 120" stroke-linecap="round"/></g></svg>',
  );
}
