import { ipKeyGenerator } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import type { RateLimiterFactory } from '../../http/rate-limit';

const minute = 60_000;

const addressOf = (req: Request) => ipKeyGenerator(req.ip ?? '');

// The account whose code is asked: the pending sign-in's, else the signed-in one's, else none.
function accountOf(req: Request): string | null {
  const userId = req.session?.pendingTwoFactor?.userId ?? req.session?.userId;
  return userId ? String(userId) : null;
}

const accountAddressKey = (req: Request) => `account:${accountOf(req) ?? '-'}:address:${addressOf(req)}`;
const accountKey = (req: Request) => {
  const account = accountOf(req);
  return account ? `account:${account}` : `address:${addressOf(req)}`;
};

/**
 * Wrong codes (successes do not count), in layers, so that someone who knows only the password slows
 * down only themselves and cannot lock the real owner out for long:
 * - per session: 5 per pending sign-in, then the password is asked again (pending.ts; the session id is
 *   renewed with every password, so a limiter keyed on it would count nothing more);
 * - per account and client address, 10 in 15 minutes: the attacker's address, not the owner's;
 * - per account whatever the session or address, 50 in an hour: the longer lock, only after many
 *   failures from several addresses (a 6-digit code then has about 1 chance in 6,600 an hour).
 * Built once with the app (memory, or Redis when REDIS_URL is set) and shared by every code form.
 */
export const codeLimits = (rateLimit: RateLimiterFactory): RequestHandler[] => [
  rateLimit({ name: 'twofactor-account-address', windowMs: 15 * minute, limit: 10, failuresOnly: true, key: accountAddressKey }),
  rateLimit({ name: 'twofactor-account', windowMs: 60 * minute, limit: 50, failuresOnly: true, key: accountKey }),
];
