import { uploadLimits } from './limits';

// Control characters, and the bidirectional overrides that make "gpj.exe" read as "exe.jpg".
const unwanted = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name as the library shows it: the last path part only (either slash), no control or bidi
 * characters, no leading dots, whitespace collapsed, at most 200 characters (the extension kept).
 * An empty result means the name is unusable.
 */
export function cleanName(raw: string): string {
  const lastPart = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = lastPart.replace(unwanted, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').trim();
  if (cleaned.length <= uploadLimits.maxNameLength) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, uploadLimits.maxNameLength - extension.length).trimEnd() + extension;
}

/** The name with the extension of the type its bytes are (a JPEG named "photo.exe" is "photo.jpg"). */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return cleanName(`${stem}.${extension}`);
}
