// The image decode queue (server/asset-library/decode-queue.ts): a few decodes at once, a few waiting,
// DecodeBusy beyond them or after waiting too long. Held promises and fake timers: no real time.
import { createDecodeQueue, DecodeBusy } from '../../../server/asset-library/decode-queue';

function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('the decode queue', () => {
  afterEach(() => jest.useRealTimers());

  it('runs up to its concurrency, lets its queue wait in order, and refuses beyond', async () => {
    const queue = createDecodeQueue({ concurrency: 1, queueLength: 1 });
    const first = held();
    const order: string[] = [];
    const running = queue.run(async () => { await first.promise; order.push('first'); });
    const waiting = queue.run(async () => { order.push('second'); });
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(DecodeBusy);
    first.release();
    await Promise.all([running, waiting]);
    expect(order).toEqual(['first', 'second']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees its turn when a decode fails', async () => {
    const queue = createDecodeQueue({ concurrency: 1, queueLength: 0 });
    await expect(queue.run(async () => { throw new Error('bad image'); })).rejects.toThrow('bad image');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('gives up a wait that lasts longer than its limit, and the queue goes on', async () => {
    jest.useFakeTimers();
    const queue = createDecodeQueue({ concurrency: 1, queueLength: 2, maxWaitMs: 1000 });
    const first = held();
    const running = queue.run(() => first.promise);
    const waiting = queue.run(async () => 'late');
    jest.advanceTimersByTime(1000);
    await expect(waiting).rejects.toBeInstanceOf(DecodeBusy);
    expect(queue.waiting).toBe(0);
    first.release();
    await running;
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });
});
