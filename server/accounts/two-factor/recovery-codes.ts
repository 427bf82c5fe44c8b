import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper is typed back without guessing (31 symbols, ~40 bits a code).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomGroup(): string {
  return Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Fresh single-use codes as shown to the account holder: `abcd-efgh`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => `${randomGroup()}-${randomGroup()}`);
}

/** What a typed code means regardless of case, spaces and the dash. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** Only this hash is stored; the codes themselves are shown once. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

/** A six-digit answer is an authenticator code; anything else the form lets through is a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}
