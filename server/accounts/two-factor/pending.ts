import type { Request } from 'express';
import type { PendingTwoFactor } from '../sign-in';

/** What the two-factor home shows once after an action: a notice, and the recovery codes just issued. */
export interface TwoFactorResult {
  message: string;
  recoveryCodes?: string[];
}

// pendingTwoFactor itself is declared by sign-in.ts, which writes it after a right password.
declare module 'express-session' {
  interface SessionData {
    /** Wrong codes given for the pending sign-in that started at `at`. */
    twoFactorFailures?: { at: number; count: number };
    twoFactorResult?: TwoFactorResult;
  }
}

/** How long the second step waits for its code after the password. */
export const PENDING_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes a pending sign-in allows before the password has to be given again. */
export const PENDING_FAILURE_LIMIT = 5;

/** The session's pending sign-in, or null (none, or expired: an expired one is dropped). */
export function pendingSignIn(req: Request, now: number): PendingTwoFactor | null {
  const pending = req.session.pendingTwoFactor;
  if (!pending) return null;
  if (now - pending.at > PENDING_LIFETIME_MS || now < pending.at) {
    dropPending(req);
    return null;
  }
  return pending;
}

export function dropPending(req: Request): void {
  delete req.session.pendingTwoFactor;
  delete req.session.twoFactorFailures;
}

/** Counts a wrong code; true when the pending sign-in is used up and has been dropped. */
export function countFailure(req: Request, pending: PendingTwoFactor): boolean {
  const earlier = req.session.twoFactorFailures;
  const count = (earlier?.at === pending.at ? earlier.count : 0) + 1;
  if (count >= PENDING_FAILURE_LIMIT) {
    dropPending(req);
    return true;
  }
  req.session.twoFactorFailures = { at: pending.at, count };
  return false;
}

/** Takes the one-time result of the last action (shown once, then gone). */
export function takeResult(req: Request): TwoFactorResult | null {
  const result = req.session.twoFactorResult ?? null;
  if (result) delete req.session.twoFactorResult;
  return result;
}
