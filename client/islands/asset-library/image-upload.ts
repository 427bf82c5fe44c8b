// The image widget's way from a chosen file to an asset (spec sections 4 and 5): refused when not an
// image or smaller than the crop, uploaded as is when its size is the crop's (or no crop is set), else
// uploaded aside (temp) for the crop modal. Cropped by the server's croptempimg, or, once rotated (a
// rotation the crop call cannot carry), drawn at the crop size in the browser and uploaded as a new file.
import { type Asset, type Context, cropTempImage, uploadFiles } from './api';
import type { CropResult } from './crop-modal';
import { canvasBlob, loadImage } from './files';
import { atLeast, clampCrop, cropDecision, minimumSizeMessage, type Size } from './rules';
import { text, type Texts } from './config';

export interface PendingCrop {
  src: string;
  image: Size;
  crop: Size;
  tmpName: string;
  fileName: string;
}

export type ImageStep =
  | { kind: 'refused'; message: string }
  | { kind: 'answer'; answer: Asset }
  | { kind: 'crop'; pending: PendingCrop };

interface StepOptions {
  context: Context;
  crop: Size | null;
  folderId: number | null;
  texts: Texts;
  onProgress(fraction: number): void;
}

export async function imageStep(file: File, options: StepOptions): Promise<ImageStep> {
  const image = await loadImage(file);
  if (!image) return { kind: 'refused', message: text(options.texts, 'EncodeCorrectImage') };
  const decision = cropDecision(image.size, options.crop);
  if (decision.kind === 'too-small') return { kind: 'refused', message: minimumSizeMessage(text(options.texts, 'MinimumSize'), decision.minimum) };
  const temp = decision.kind === 'crop';
  const [answer] = await uploadFiles(options.context, [file], { folderId: options.folderId, temp, onProgress: options.onProgress });
  if (!answer || answer.Error || !temp) return { kind: 'answer', answer: answer ?? { name: file.name, Error: text(options.texts, 'UnknownError') } };
  if (!answer.tmpName) return { kind: 'answer', answer: { name: file.name, Error: text(options.texts, 'EncodeCorrectImage') } };
  // The server's own reading of the size is the one its crop call checks against.
  const size = answer.Width && answer.Height ? { width: answer.Width, height: answer.Height } : image.size;
  return { kind: 'crop', pending: { src: image.src, image: size, crop: decision.crop, tmpName: answer.tmpName, fileName: file.name } };
}

export async function cropStep(pending: PendingCrop, result: CropResult, options: Omit<StepOptions, 'crop'>): Promise<Asset> {
  if (result.rotation === 0) {
    const box = clampCrop(atLeast(result.box, pending.crop, pending.image), pending.image);
    return cropTempImage(options.context, pending.tmpName, box, pending.crop, { folderId: options.folderId });
  }
  const type = /\.png$/i.test(pending.fileName) ? 'image/png' : 'image/jpeg';
  const blob = await canvasBlob(result.canvas(), type);
  const name = pending.fileName.replace(/\.[^.]*$/, '') + (type === 'image/png' ? '.png' : '.jpg');
  const [answer] = await uploadFiles(options.context, [{ blob, name }], { folderId: options.folderId, onProgress: options.onProgress });
  return answer ?? { name, Error: text(options.texts, 'UnknownError') };
}
