import type { Storage } from '../storage';

/**
 * Rendered images in the storage (disk or S3) under renditions/. The storage writes whole objects
 * only (the disk adapter through a temporary name), so a reader never sees half a file, and concurrent
 * first requests for the same rendition in this process share one rendering.
 */
export class RenditionCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly storage: Storage, private readonly prefix = 'renditions/') {}

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = await this.storage.get(this.prefix + key);
    if (cached) return cached;
    let rendering = this.pending.get(key);
    if (!rendering) {
      rendering = this.renderAndStore(key, render).finally(() => this.pending.delete(key));
      this.pending.set(key, rendering);
    }
    return rendering;
  }

  private async renderAndStore(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const bytes = await render();
    await this.storage.put(this.prefix + key, bytes);
    return bytes;
  }
}
