import { fromBuffer } from 'file-type';
import sharp from 'sharp';
import type { DecodeQueue } from './decode-queue';
import { acceptedTypes, uploadLimits } from './limits';
import { cleanName, withExtension } from './names';

/** A file fit to store: its bytes (re-encoded for images), what it is and its cleaned name. */
export interface CheckedFile {
  ok: true;
  name: string;
  originalName: string;
  bytes: Buffer;
  mime: string;
  fileType: 'Image' | 'Document';
  width: number;
  height: number;
}

/** A refused file: the resource key of the reason (and its values), and the name to show with it. */
export interface RefusedFile {
  ok: false;
  name: string;
  errorKey: string;
  params?: Record<string, string | number>;
}

const refused = (name: string, errorKey: string, params?: RefusedFile['params']): RefusedFile => ({ ok: false, name, errorKey, params });

/**
 * Decides from the bytes, never the name or the browser's Content-Type, whether a file may enter the
 * library. Images are measured from their header (a pixel bomb is refused before it is decoded), then
 * decoded and written again without metadata (EXIF and GPS go, and so do bytes hidden after the image),
 * in a turn of the instance's decode queue (DecodeBusy when there is none).
 */
export async function checkUpload(
  file: { filename: string; bytes: Buffer; truncated?: boolean },
  options: { imagesOnly?: boolean; decodes: DecodeQueue },
): Promise<CheckedFile | RefusedFile> {
  const originalName = cleanName(file.filename);
  const shown = originalName || '?';
  if (!originalName) return refused(shown, 'AssetsLibrary.BadName');
  if (file.truncated || file.bytes.length > uploadLimits.maxFileBytes) return refused(shown, 'AssetsLibrary.FileTooBig', { max: uploadLimits.maxFileBytes });
  if (file.bytes.length === 0) return refused(shown, 'AssetsLibrary.EmptyFile');
  const detected = await fromBuffer(file.bytes).catch(() => undefined);
  const fileType = detected ? acceptedTypes[detected.ext] : undefined;
  const wrongKey = options.imagesOnly ? 'AssetsLibrary.EncodeCorrectImage' : 'AssetsLibrary.PutCorrectFile';
  if (!detected || !fileType || (options.imagesOnly && fileType !== 'Image')) return refused(shown, wrongKey);
  const name = withExtension(originalName, detected.ext);
  if (fileType === 'Document') return { ok: true, name, originalName, bytes: file.bytes, mime: detected.mime, fileType, width: 0, height: 0 };
  const image = await options.decodes.run(() => reencode(file.bytes, detected.ext));
  if ('errorKey' in image) return refused(shown, image.errorKey, image.params);
  return { ok: true, name, originalName, mime: detected.mime, fileType, ...image };
}

type Reencoded = { bytes: Buffer; width: number; height: number } | { errorKey: string; params?: RefusedFile['params'] };

async function reencode(bytes: Buffer, extension: string): Promise<Reencoded> {
  const animated = extension === 'gif' || extension === 'webp';
  let header: sharp.Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false, animated }).metadata();
  } catch {
    return { errorKey: 'AssetsLibrary.EncodeCorrectImage' };
  }
  const width = header.width ?? 0;
  const height = header.pageHeight ?? header.height ?? 0;
  const frames = header.pages ?? 1;
  if (width < 1 || height < 1) return { errorKey: 'AssetsLibrary.EncodeCorrectImage' };
  if (width > uploadLimits.maxSide || height > uploadLimits.maxSide || width * height * frames > uploadLimits.maxPixels) {
    return { errorKey: 'AssetsLibrary.TooManyPixels', params: { max: uploadLimits.maxSide } };
  }
  try {
    // failOn 'warning' (the default made explicit): a truncated or damaged image is refused, not half shown.
    const pipeline = sharp(bytes, { limitInputPixels: uploadLimits.maxPixels, animated, failOn: 'warning' }).rotate();
    const encoded = extension === 'png' ? pipeline.png({ compressionLevel: 9 })
      : extension === 'gif' ? pipeline.gif()
      : extension === 'webp' ? pipeline.webp({ quality: 90 })
      : pipeline.jpeg({ quality: 90, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    return { errorKey: 'AssetsLibrary.EncodeCorrectImage' };
  }
}
