// Temp images: an image uploaded to be cropped waits under tmp/ (re-encoded like any upload, with a
// small JSON note of its name and of the account that uploaded it) until croptempimg cuts it into an
// asset for that same account, or until it expires.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../db';
import { type Storage, StorageUnavailable } from '../storage';
import { BadInput } from '../http/errors';
import type { DecodeQueue } from './decode-queue';
import type { CheckedFile } from './inspect';
import type { LibraryAsset } from './data';
import { type Actor, storeAsset } from './library';
import { maxCropSide, tempLifetimeMs } from './limits';

export interface TempImage {
  tmpName: string;
  Width: number;
  Height: number;
  name: string;
  size: number;
  fileType: 'Image';
}

const TMP_NAME = /^[a-f0-9]{32}$/;
const fileKey = (tmpName: string) => `tmp/${tmpName}`;
const noteKey = (tmpName: string) => `tmp/${tmpName}.json`;

/** The image, then its note; without its note the image goes again (or, the storage away, with the next sweep). */
export async function storeTemp(storage: Storage, file: CheckedFile, uploader: Actor): Promise<TempImage> {
  await sweepTemp(storage).catch(unlessStorageFault);
  const tmpName = randomBytes(16).toString('hex');
  await storage.put(fileKey(tmpName), file.bytes, file.mime);
  try {
    await storage.put(noteKey(tmpName), Buffer.from(JSON.stringify({ name: file.name, originalName: file.originalName, mime: file.mime, userId: uploader.userId })), 'application/json');
  } catch (error) {
    await storage.delete(fileKey(tmpName)).catch(unlessStorageFault);
    throw error;
  }
  return { tmpName, Width: file.width, Height: file.height, name: file.name, size: file.bytes.length, fileType: 'Image' };
}

/** Housekeeping the storage refuses now is left to a later sweep; anything else is a real error. */
const unlessStorageFault = (error: unknown) => {
  if (!(error instanceof StorageUnavailable)) throw error;
};

let lastSweep = 0;

/** Removes temp images older than their lifetime; runs at most once a minute unless forced. */
export async function sweepTemp(storage: Storage, { now = Date.now(), force = false } = {}): Promise<number> {
  if (!force && now - lastSweep < 60_000) return 0;
  lastSweep = now;
  const expired = (await storage.list('tmp/')).filter((object) => now - object.modifiedAt > tempLifetimeMs);
  for (const object of expired) await storage.delete(object.key);
  return expired.length;
}

export interface Crop {
  x: number;
  y: number;
  w: number;
  h: number;
  cropWidth: number;
  cropHeight: number;
}

/** A refused crop; `size` is shown after the minimum-size message ("800 x 600 px"). */
const cropError = (key: string, size?: string) => new BadInput({ crop: key }, 'Core.ErrorTitle', { resourceKey: key, extra: size ? { size } : undefined });

/** The path's numbers: whole, x and y from 0, sizes from 1 (the output at most 2000 a side). */
export function parseCrop(params: Record<string, string>): Crop {
  const numbers = ['x', 'y', 'w', 'h', 'cropWidth', 'cropHeight'].map((name) => (/^\d{1,5}$/.test(params[name] ?? '') ? Number(params[name]) : NaN));
  if (numbers.some(Number.isNaN)) throw cropError('AssetsLibrary.CropInvalid');
  const [x, y, w, h, cropWidth, cropHeight] = numbers;
  if (w < 1 || h < 1 || cropWidth < 1 || cropHeight < 1 || cropWidth > maxCropSide || cropHeight > maxCropSide) throw cropError('AssetsLibrary.CropInvalid');
  return { x, y, w, h, cropWidth, cropHeight };
}

/**
 * Cuts the rectangle out of the temp image, resizes it to the crop size and stores it as an asset.
 * The rectangle must lie inside the image and be at least the crop size (one pixel of rounding
 * allowed). The temp image goes unless keepOriginal (to crop it again). Only its uploader may crop it:
 * another account's tmpName is answered as a missing one (nothing about it is revealed). The cut is
 * decoded in a turn of the decode queue (DecodeBusy, nothing stored, when there is none).
 */
export async function cropTemp(
  parts: { db: Db; storage: Storage; decodes: DecodeQueue; actor: Actor; folderId: number | null },
  { tmpName, crop, keepOriginal }: { tmpName: string; crop: Crop; keepOriginal: boolean },
): Promise<LibraryAsset> {
  if (!TMP_NAME.test(tmpName)) throw cropError('AssetsLibrary.TempMissing');
  const [bytes, note] = await Promise.all([parts.storage.get(fileKey(tmpName)), parts.storage.get(noteKey(tmpName))]);
  if (!bytes || !note) throw cropError('AssetsLibrary.TempMissing');
  const { name, originalName, mime, userId } = JSON.parse(note.toString('utf8')) as { name: string; originalName: string; mime: string; userId?: number };
  if (userId !== parts.actor.userId) throw cropError('AssetsLibrary.TempMissing');
  const bytesOut = await parts.decodes.run(async () => {
    const { width = 0, height = 0, format } = await sharp(bytes).metadata();
    if (crop.x + crop.w > width || crop.y + crop.h > height) throw cropError('AssetsLibrary.CropOutside');
    if (crop.w < crop.cropWidth - 1 || crop.h < crop.cropHeight - 1) throw cropError('AssetsLibrary.MinimumSize', `${crop.cropWidth} x ${crop.cropHeight} px`);
    const cut = sharp(bytes).extract({ left: crop.x, top: crop.y, width: crop.w, height: crop.h }).resize(crop.cropWidth, crop.cropHeight, { fit: 'fill' });
    const output = format === 'png' ? cut.png() : format === 'webp' ? cut.webp({ quality: 90 }) : format === 'gif' ? cut.gif() : cut.jpeg({ quality: 90, mozjpeg: true });
    return output.toBuffer();
  });
  const asset = await storeAsset(
    { ...parts, action: 'asset.crop' },
    { name, originalName, mime, fileType: 'Image', width: crop.cropWidth, height: crop.cropHeight, bytes: bytesOut },
  );
  // The asset is stored: a temp image the storage cannot remove now expires with the sweep instead.
  if (!keepOriginal) await Promise.all([parts.storage.delete(fileKey(tmpName)), parts.storage.delete(noteKey(tmpName))]).catch(unlessStorageFault);
  return asset;
}
