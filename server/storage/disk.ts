import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkedKey, type Storage, storageCall, type StoredObject } from './storage';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under one folder (DATA_DIR/storage). A file is written to a temporary name and renamed into
 * place, so a reader never sees half of it. A failing disk (full, unwritable) is a StorageUnavailable.
 */
export class DiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkedKey(key).split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await storageCall(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    });
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.file(key);
    return storageCall(() => readFile(file).catch((error) => (missing(error) ? null : Promise.reject(error))));
  }

  async stream(key: string): Promise<Readable | null> {
    return (await this.exists(key)) ? createReadStream(this.file(key)) : null;
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await storageCall(() => unlink(file).catch((error) => (missing(error) ? undefined : Promise.reject(error))));
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.file(key)).then((found) => found.isFile(), () => false);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const entries = await storageCall(() => readdir(this.root, { recursive: true, withFileTypes: true }).catch((error) => (missing(error) ? [] : Promise.reject(error))));
    const found: StoredObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const full = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(full).catch(() => null);
      if (info) found.push({ key, size: info.size, modifiedAt: info.mtimeMs });
    }
    return found;
  }
}
