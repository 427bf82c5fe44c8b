import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { TooManyRequests } from './errors';
import type { RedisClient } from './redis';

export interface RateLimitOptions {
  /** Distinguishes counters of different limiters in a shared store. */
  name: string;
  windowMs: number;
  limit: number;
  /** What a request is counted by: the client address by default; login adds the account. */
  key?: (req: Request) => string;
  /** Count only failed attempts: answers with a status of 400 or more (a refused form, a wrong password). */
  failuresOnly?: boolean;
}

export type RateLimiterFactory = (options: RateLimitOptions) => RequestHandler;

/** Rate limiters share Redis when REDIS_URL is set (so app instances agree), else count in memory. */
export function rateLimiters(redis: RedisClient | null): RateLimiterFactory {
  return (options) =>
    rateLimit({
      windowMs: options.windowMs,
      limit: options.limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: options.key ?? ((req) => ipKeyGenerator(req.ip ?? '')),
      skipSuccessfulRequests: options.failuresOnly ?? false,
      requestWasSuccessful: (_req, res) => res.statusCode < 400,
      store: redis
        ? new RedisStore({ prefix: `ratelimit:${options.name}:`, sendCommand: (...args: string[]) => redis.sendCommand(args) })
        : undefined,
      handler: (_req, _res, next) => next(new TooManyRequests()),
      // Redis unreachable for a moment: the request goes through uncounted rather than failing.
      passOnStoreError: true,
    });
}

/**
 * Turns a tripped limiter into the form again with a clear message instead of the error page; `render`
 * answers it with status 429, which the ajax form swaps in like a refused form (client/behaviours/forms.ts).
 */
export function whenLockedOut(render: (req: Request, res: Response) => Promise<void>): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (!(error instanceof TooManyRequests)) return next(error);
    render(req, res).catch(next);
  };
}
