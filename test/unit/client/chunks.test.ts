/** @jest-environment jsdom */
import { ChunkLoadError, loadChunk } from '../../../client/shell/chunks';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../client/shell/constants';

describe('loadChunk', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves with the module when the chunk arrives in time', async () => {
    const module = { start: jest.fn() };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('rejects with a ChunkLoadError after 120 s', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = loading.catch((error: unknown) => error);
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    let settled = false;
    void loading.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    const error = (await outcome) as Error;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.name).toBe('ChunkLoadError');
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const failing = loadChunk(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(failing).rejects.toMatchObject({ name: 'ChunkLoadError', message: expect.stringMatching(/Failed to fetch/) });
  });
});
