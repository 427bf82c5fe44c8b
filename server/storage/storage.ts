import type { Readable } from 'node:stream';
import { HttpError } from '../http/errors';

/** One stored object as a listing shows it. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: number;
}

/**
 * Where files live (uploads, temp images for cropping, image renditions): a local folder by default, an
 * S3-compatible bucket when configured. Keys are relative, slash-separated, made by the server only
 * (random or numeric parts), never from a visitor's file name.
 */
export interface Storage {
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream, or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object whose key starts with prefix. */
  list(prefix: string): Promise<StoredObject[]>;
}

const safeKey = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Guards every adapter: a key with "..", a leading slash or odd characters never reaches the disk or bucket. */
export function checkedKey(key: string): string {
  if (!safeKey.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/**
 * The storage cannot be reached or refused to work (network, timeout, the service's 5xx, a full or
 * unwritable disk): a localised 503 through the one error chain, the adapter's error as its cause.
 * A missing object is not one (get/stream answer null).
 */
export class StorageUnavailable extends HttpError {
  constructor(cause: unknown, options: { extra?: Record<string, unknown> } = {}) {
    super(503, 'AssetsLibrary.StorageUnavailable', options);
    this.cause = cause;
  }
}

/** Runs one storage call, any failure of it a StorageUnavailable (a programming error included: it stays the cause). */
export async function storageCall<Value>(call: () => Promise<Value>): Promise<Value> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof StorageUnavailable ? error : new StorageUnavailable(error);
  }
}
