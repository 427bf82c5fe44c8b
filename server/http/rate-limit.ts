import type { Request, RequestHandler } from 'express';
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
  /** Count only failed attempts (a handler marks success with res.locals.rateLimitSuccess = true). */
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
      requestWasSuccessful: (_req, res) => res.locals.rateLimitSuccess === true || res.statusCode < 400,
      store: redis
        ? new RedisStore({ prefix: `ratelimit:${options.name}:`, sendCommand: (...args: string[]) => redis.sendCommand(args) })
        : undefined,
      handler: (_req, _res, next) => next(new TooManyRequests()),
    });
}
