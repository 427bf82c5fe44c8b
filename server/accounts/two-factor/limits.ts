import { ipKeyGenerator } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import type { RateLimiterFactory } from '../../http/rate-limit';

const minute = 60_000;

// The account whose code is asked: the pending sign-in's, else the signed-in one's, else the client address.
function accountKey(req: Request): string {
  const userId = req.session?.pendingTwoFactor?.userId ?? req.session?.userId;
  return userId ? `account:${userId}` : `address:${ipKeyGenerator(req.ip ?? '')}`;
}

/**
 * Wrong codes are limited per account, whatever the session or address: 10 in 10 minutes (on top of 5
 * per pending sign-in, after which the password is asked again). Successes do not count. Built once
 * with the app (memory, or Redis when REDIS_URL is set) and shared by every route that asks a code.
 */
export const codeLimits = (rateLimit: RateLimiterFactory): RequestHandler[] => [
  rateLimit({ name: 'twofactor-account', windowMs: 10 * minute, limit: 10, failuresOnly: true, key: accountKey }),
];
