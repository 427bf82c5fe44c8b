import { type Storage, StorageUnavailable } from '../storage';

/**
 * Rendered images in the storage (disk or S3) under renditions/. The storage writes whole objects
 * only (the disk adapter through a temporary name), so a reader never sees half a file, and concurrent
 * first requests for the same rendition in this process share one rendering.
 *
 * With the storage away, an image whose original needs no storage (`drawWithoutStorage`: a seeded
 * asset, the "no photo" picture) is drawn anyway and answered without being kept; any other fails
 * at once with the StorageUnavailable (its original would have to come from the same storage).
 */
export class RenditionCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly storage: Storage, private readonly prefix = 'renditions/') {}

  async get(key: string, render: () => Promise<Buffer>, { drawWithoutStorage = false } = {}): Promise<Buffer> {
    const cached = await this.storage.get(this.prefix + key).catch((error: unknown) => {
      if (error instanceof StorageUnavailable && drawWithoutStorage) return null;
      throw error;
    });
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
    // Not kept while the storage is away: drawn again on the next request, kept once it is back.
    await this.storage.put(this.prefix + key, bytes).catch((error: unknown) => {
      if (!(error instanceof StorageUnavailable)) throw error;
    });
    return bytes;
  }
}
