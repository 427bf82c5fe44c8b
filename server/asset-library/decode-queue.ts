// Image decodes, a few at a time per instance: decoding an upload (or cutting a crop out of it) takes
// seconds and hundreds of megabytes for a 40-megapixel picture, so several at once could exhaust the
// server. IMAGE_DECODE_CONCURRENCY run; IMAGE_DECODE_QUEUE more wait their turn, each at most
// MAX_WAIT_MS; anything beyond is DecodeBusy at once (a 503 with Retry-After: nothing was stored).
import type { ErrorRequestHandler, Response } from 'express';
import type { Config } from '../config';
import { HttpError } from '../http/errors';

/** Seconds after which an editor's upload may try again. */
export const DECODE_RETRY_AFTER_S = 10;
/** A decode that waited this long without a turn gives up: the editor hears "busy" rather than nothing. */
export const MAX_WAIT_MS = 20_000;

/** The server is decoding as many images as it may: try again in a few seconds. */
export class DecodeBusy extends HttpError {
  constructor() {
    super(503, 'AssetsLibrary.ServerBusy');
  }
}

export interface DecodeQueue {
  /** Runs the decode when a turn is free (now, or after waiting); DecodeBusy when none comes. */
  run<T>(decode: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createDecodeQueue({ concurrency, queueLength, maxWaitMs = MAX_WAIT_MS }: { concurrency: number; queueLength: number; maxWaitMs?: number }): DecodeQueue {
  let running = 0;
  const waiting: { start: () => void }[] = [];
  const next = () => {
    running--;
    waiting.shift()?.start();
  };
  const turn = () =>
    new Promise<void>((resolve, reject) => {
      if (running < concurrency) return resolve(void running++);
      if (waiting.length >= queueLength) return reject(new DecodeBusy());
      const waiter = {
        start: () => {
          clearTimeout(timer);
          running++;
          resolve();
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new DecodeBusy());
      }, maxWaitMs);
      waiting.push(waiter);
    });
  return {
    async run(decode) {
      await turn();
      try {
        return await decode();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const queues = new WeakMap<object, DecodeQueue>();

/** This instance's queue for the app's settings (one per config object, as storageFor). */
export function decodeQueueFor(config: Pick<Config, 'IMAGE_DECODE_CONCURRENCY' | 'IMAGE_DECODE_QUEUE'>): DecodeQueue {
  let queue = queues.get(config);
  if (!queue) {
    queue = createDecodeQueue({ concurrency: config.IMAGE_DECODE_CONCURRENCY, queueLength: config.IMAGE_DECODE_QUEUE });
    queues.set(config, queue);
  }
  return queue;
}

/** Last in the library's routers: a DecodeBusy says when to come back and is kept by no cache. */
export function decodeBusyHeaders(): ErrorRequestHandler {
  return (error, _req, res: Response, next) => {
    if (error instanceof DecodeBusy) res.set({ 'Retry-After': String(DECODE_RETRY_AFTER_S), 'Cache-Control': 'no-store' });
    next(error);
  };
}
