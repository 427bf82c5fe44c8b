import type { Request, RequestHandler } from 'express';
import type { RateLimiterFactory } from '../http/rate-limit';
import { postedText } from '../forms/posted';
import { normaliseEmail } from './data';

const minute = 60_000;

// The form's own reading of Email (its first value; a repeat is refused by the form and counted here
// against the same account), so posting Email twice never opens a fresh counter.
const byEmail = (prefix: string) => (req: Request) => `${prefix}:${normaliseEmail(postedText(req.body?.Email).text)}`;

/**
 * ASVS 2.2.1: failed sign-ins are limited per account (100 an hour, however many addresses try) and per
 * client address (20 in 15 minutes, however many accounts it tries). A success does not count.
 */
export const loginLimits = (limiter: RateLimiterFactory): RequestHandler[] => [
  limiter({ name: 'login-account', windowMs: 60 * minute, limit: 100, failuresOnly: true, key: byEmail('account') }),
  limiter({ name: 'login-address', windowMs: 15 * minute, limit: 20, failuresOnly: true }),
];

/** Each request sends a message: limited per address asked for and per client address. */
export const forgotPasswordLimits = (limiter: RateLimiterFactory): RequestHandler[] => [
  limiter({ name: 'forgot-account', windowMs: 60 * minute, limit: 5, key: byEmail('account') }),
  limiter({ name: 'forgot-address', windowMs: 15 * minute, limit: 10 }),
];

export const registerLimits = (limiter: RateLimiterFactory): RequestHandler[] => [limiter({ name: 'register-address', windowMs: 60 * minute, limit: 30 })];

/** A stolen session must not become a way to guess the current password. */
export const changePasswordLimits = (limiter: RateLimiterFactory): RequestHandler[] => [
  limiter({
    name: 'changepassword-account',
    windowMs: 15 * minute,
    limit: 10,
    failuresOnly: true,
    key: (req) => `account:${String(req.session?.userId ?? '')}`,
  }),
];

/** The e-mail change asks the current password: failures are limited per account as for the password change. */
export const changeEmailLimits = (limiter: RateLimiterFactory): RequestHandler[] => [
  limiter({
    name: 'changeemail-account',
    windowMs: 15 * minute,
    limit: 10,
    failuresOnly: true,
    key: (req) => `account:${String(req.session?.userId ?? '')}`,
  }),
];
