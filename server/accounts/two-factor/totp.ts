import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads an otpauth:// URI by default: HMAC-SHA1, 6 digits, 30 s steps. */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the server's, for clocks that drift. */
export const TOTP_DRIFT_STEPS = 1;

/** A new random 160-bit secret (the size RFC 4226 recommends for SHA1), in base32 as stored and shown. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step (counter) at an instant: whole periods since the Unix epoch. */
export function totpStep(now: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });
}

/** The code an authenticator shows at `now` for a base32 secret. */
export function totpCode({ secret, now, digits = TOTP_DIGITS }: { secret: string; now: number; digits?: number }): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now,
  });
}

/**
 * The time step whose code `code` is, within the drift window around `now`, or null when it matches
 * none. The caller still has to refuse a step at or before the last one it accepted (replay).
 */
export function matchingTotpStep({ secret, code, now }: { secret: string; code: string; now: number }): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now,
    window: TOTP_DRIFT_STEPS,
  });
  return delta === null ? null : totpStep(now) + delta;
}

/** The otpauth:// URI an authenticator app scans: the issuer and the account's address name the entry. */
export function totpUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The secret in groups of four, easier to type into an authenticator by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
