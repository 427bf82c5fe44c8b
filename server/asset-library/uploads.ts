// Upload requests: the posted files of one request checked one by one (a refused file does not stop
// the others), then stored in the library or, for an image to crop, in the temp area.
import type { Request } from 'express';
import { BadInput } from '../http/errors';
import { checkUpload, type RefusedFile } from './inspect';
import { type Actor, storeAsset } from './library';
import type { LibraryAsset } from './data';
import { storeTemp, type TempImage } from './temp';
import type { PostedFile } from './multipart';
import type { Db } from '../db';
import type { DecodeQueue } from './decode-queue';
import { type Storage, StorageUnavailable } from '../storage';

export type UploadOutcome = { asset: LibraryAsset } | { temp: TempImage } | { refused: RefusedFile };

/** The request's files, or the 400 naming what is wrong with the request as a whole. */
export function postedFiles(req: Request): PostedFile[] {
  const uploads = req.uploads ?? { files: [], problem: 'AssetsLibrary.NotMultipart' as const };
  if (uploads.problem) throw new BadInput({ files: uploads.problem }, 'Core.ErrorTitle', { resourceKey: uploads.problem });
  return uploads.files;
}

const storageRefusal = (name: string): UploadOutcome => ({ refused: { ok: false, name, errorKey: 'AssetsLibrary.StorageUnavailable' } });
const stored = (outcome: UploadOutcome) => !('refused' in outcome);

/**
 * Every file is checked (images decoded, each in a turn of the decode queue) before any is stored: a
 * DecodeBusy goes up (a 503) with nothing of the request stored.
 * With the storage away, nothing is half-stored (each file is whole or absent: see storeAsset): if no
 * file of the request was stored yet, the StorageUnavailable goes up (a 503, the request changed
 * nothing); after a stored one, that file and the rest are refused with the storage's message (the
 * stored ones are named in the answer as usual), and onStorageFault hears of it.
 */
export async function uploadFiles(
  parts: { db: Db; storage: Storage; decodes: DecodeQueue; actor: Actor; onStorageFault?: (error: StorageUnavailable) => void },
  { files, folderId, temp }: { files: PostedFile[]; folderId: number | null; temp: boolean },
): Promise<UploadOutcome[]> {
  const outcomes: UploadOutcome[] = [];
  let storageDown = false;
  const checks = [];
  for (const file of files) checks.push(await checkUpload(file, { imagesOnly: temp, decodes: parts.decodes }));
  for (const checked of checks) {
    if (!checked.ok) outcomes.push({ refused: checked });
    else if (storageDown) outcomes.push(storageRefusal(checked.name));
    else {
      try {
        outcomes.push(temp ? { temp: await storeTemp(parts.storage, checked, parts.actor) } : { asset: await storeAsset({ ...parts, folderId }, checked) });
      } catch (error) {
        if (!(error instanceof StorageUnavailable) || !outcomes.some(stored)) throw error;
        parts.onStorageFault?.(error);
        storageDown = true;
        outcomes.push(storageRefusal(checked.name));
      }
    }
  }
  return outcomes;
}
