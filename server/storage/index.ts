import path from 'node:path';
import type { Config } from '../config';
import { DiskStorage } from './disk';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage, StoredObject } from './storage';
export { StorageUnavailable } from './storage';
export { faultHeaders, noteStorageFault, storageFaults } from './faults';

type StorageConfig = Pick<Config, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/** The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/storage on disk. */
export function createStorage(config: StorageConfig): Storage {
  if (!config.S3_BUCKET) return new DiskStorage(path.join(config.DATA_DIR, 'storage'));
  return new S3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

const shared = new WeakMap<object, Storage>();

/** The one storage of an app (its config object): uploads and renditions share the same client. */
export function storageFor(config: StorageConfig): Storage {
  let storage = shared.get(config);
  if (!storage) {
    storage = createStorage(config);
    shared.set(config, storage);
  }
  return storage;
}
