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
import type { Storage } from '../storage';

export type UploadOutcome = { asset: LibraryAsset } | { temp: TempImage } | { refused: RefusedFile };

/** The request's files, or the 400 naming what is wrong with the request as a whole. */
export function postedFiles(req: Request): PostedFile[] {
  const uploads = req.uploads ?? { files: [], problem: 'AssetsLibrary.NotMultipart' as const };
  if (uploads.problem) throw new BadInput({ files: uploads.problem }, 'Core.ErrorTitle', { resourceKey: uploads.problem });
  return uploads.files;
}

export async function uploadFiles(
  parts: { db: Db; storage: Storage; actor: Actor },
  { files, folderId, temp }: { files: PostedFile[]; folderId: number | null; temp: boolean },
): Promise<UploadOutcome[]> {
  const outcomes: UploadOutcome[] = [];
  for (const file of files) {
    const checked = await checkUpload(file, { imagesOnly: temp });
    if (!checked.ok) outcomes.push({ refused: checked });
    else if (temp) outcomes.push({ temp: await storeTemp(parts.storage, checked, parts.actor) });
    else outcomes.push({ asset: await storeAsset({ ...parts, folderId }, checked) });
  }
  return outcomes;
}
