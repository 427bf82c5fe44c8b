// Storage faults at the edge of the routes that use the storage: the one error chain answers them (a
// localised 503); this says when to come back, keeps the answer out of every cache and logs the cause,
// once in a while rather than once per image of every page while the storage is away.
import type { ErrorRequestHandler, Request, Response } from 'express';
import { StorageUnavailable } from './storage';

/** Seconds after which a client may try again (Retry-After); the SDK's own timeouts are shorter. */
export const retryAfterSeconds = 5;
const logEveryMs = 60_000;
let lastLogged = 0;
let unlogged = 0;

/** A warning with the cause, at most once a minute per process (the others counted in the next one). */
export function noteStorageFault(req: Request, error: StorageUnavailable): void {
  const now = Date.now();
  if (now - lastLogged < logEveryMs) return void unlogged++;
  req.app.locals.logger.warn({ err: error.cause, url: req.originalUrl, alsoSince: unlogged }, 'storage unavailable');
  lastLogged = now;
  unlogged = 0;
}

/** The headers of an answer given because the storage failed: retry soon, keep nothing. */
export function faultHeaders(res: Response): void {
  res.removeHeader('ETag');
  res.set({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' });
}

/** Last in a router: a StorageUnavailable gets its headers and its log line, then goes on to the error chain. */
export function storageFaults(): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (error instanceof StorageUnavailable) {
      noteStorageFault(req, error);
      faultHeaders(res);
    }
    next(error);
  };
}
