import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The notification HMAC key: PAYMENT_HMAC_KEY (64 hex characters are read as 32 bytes, anything else
 * as text), else derived from SESSION_SECRET, so a fresh install signs and verifies without setup.
 */
export function notificationKey({ SESSION_SECRET: sessionSecret, PAYMENT_HMAC_KEY: configured }: { SESSION_SECRET: string; PAYMENT_HMAC_KEY?: string }): Buffer {
  if (configured) return /^[0-9a-fA-F]{64}$/.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'utf8');
  return createHmac('sha256', sessionSecret).update('payments:notifications').digest();
}

/** Another key from the same secret, for what the sandbox signs for itself (session data, redirect results). */
export function sandboxKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('payments:sandbox').digest();
}

export function hmacBase64(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('base64');
}

/** Compares a given base64 signature with the expected one in constant time (any malformed one is false). */
export function signatureMatches(key: Buffer, text: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 200) return false;
  const expected = createHmac('sha256', key).update(text, 'utf8').digest();
  const actual = Buffer.from(given, 'base64');
  if (actual.length !== expected.length) return false;
  return timingSafeEqual(actual, expected);
}

/** A signed token: base64url(JSON) + '.' + base64url(HMAC); read back only when the signature holds. */
export function signToken(key: Buffer, value: object): string {
  const body = Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

export function readToken<T>(key: Buffer, token: unknown): T | null {
  if (typeof token !== 'string' || token.length > 2000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const actual = Buffer.from(signature, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
