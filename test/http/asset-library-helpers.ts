// Helpers shared by the asset library's route tests: a signed-in editor, images made with sharp, and
// what the library holds (rows and stored files), to prove a refused upload left nothing behind.
import sharp from 'sharp';
import type { TestApp } from '../support/app';
import { storageFor } from '../../server/storage';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';

/** An editor with two-factor on, signed in (the back office requires both). */
export const editor = (testApp: TestApp) => signedInEditor(testApp);

export type Editor = BackOfficeSession;

/** A photo-like image (a gradient, so the encoder has work), with EXIF GPS when asked. */
export async function image(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', { gps = false } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index++) pixels.set([index % 256, (index / width) % 256, 128], index * 3);
  let pipeline = sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format);
  if (gps) pipeline = pipeline.withExifMerge({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } });
  return pipeline.toBuffer();
}

/** Uploads files through the JSON call as the island does (multipart, the CSRF header). */
export function upload(who: Editor, files: Array<{ name: string; bytes: Buffer }>, fields: Record<string, string> = {}) {
  let call = who.agent.post('/api/v1/assetslibrary/assets/upload?culture=fr').set('X-CSRF-Token', who.token);
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  for (const file of files) call = call.attach('files', file.bytes, { filename: file.name, contentType: 'image/jpeg' });
  return call;
}

/** The number of asset rows and stored objects (uploads, temp images): a refused upload changes neither. */
export async function holdings(testApp: TestApp): Promise<{ rows: number; stored: number; temp: number }> {
  const { count } = await testApp.db.selectFrom('assets').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const storage = storageFor(testApp.config);
  return { rows: Number(count), stored: (await storage.list('assets/')).length, temp: (await storage.list('tmp/')).length };
}
