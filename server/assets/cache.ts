import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered images on disk under DATA_DIR/cache/assets. A rendition is written to a temporary name
 * and renamed into place, so a reader never sees half a file, and concurrent first requests for the
 * same rendition in this process share one rendering.
 */
export class RenditionCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly root: string) {}

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const file = path.join(this.root, key);
    const cached = await readFile(file).catch(() => null);
    if (cached) return cached;
    let rendering = this.pending.get(key);
    if (!rendering) {
      rendering = this.renderAndStore(file, render).finally(() => this.pending.delete(key));
      this.pending.set(key, rendering);
    }
    return rendering;
  }

  private async renderAndStore(file: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const bytes = await render();
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return bytes;
  }
}
