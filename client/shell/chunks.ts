// Loads a script chunk on demand; a chunk that does not arrive in time fails like webpack's did.
import { CHUNK_LOAD_TIMEOUT_MS } from './constants';

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function loadChunk<Module>(load: () => Promise<Module>, timeout = CHUNK_LOAD_TIMEOUT_MS): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeout} ms`)), timeout);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}
