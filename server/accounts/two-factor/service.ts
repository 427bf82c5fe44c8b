import type { Db } from '../../db';
import {
  acceptStep,
  clearTwoFactor,
  countUnusedRecoveryCodes,
  findTwoFactorAccount,
  markEnabled,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
} from './data';
import { hashRecoveryCode, isTotpCode, newRecoveryCodes } from './recovery-codes';
import { matchingTotpStep, newTotpSecret } from './totp';

/** Why a code was refused: it matches nothing, or it is the code of a step already used. */
export type CodeRefusal = 'invalid' | 'reused';
/** A good code names how it was given and the account's session_version (for the sign-in it completes). */
export type CodeCheck = { ok: true; method: 'totp' | 'recovery'; sessionVersion: number } | { ok: false; reason: CodeRefusal };
export type CodesResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: CodeRefusal };

interface CodeInput {
  userId: number;
  code: string;
  now: number;
}

const invalid: CodeCheck = { ok: false, reason: 'invalid' };

async function checkTotp(
  db: Db,
  { userId, code, now }: CodeInput,
  { secret, sessionVersion }: { secret: string; sessionVersion: number },
  enabled: boolean,
): Promise<CodeCheck> {
  const step = matchingTotpStep({ secret, code: code.trim(), now });
  if (step === null) return invalid;
  return (await acceptStep(db, { userId, secret, step, enabled })) ? { ok: true, method: 'totp', sessionVersion } : { ok: false, reason: 'reused' };
}

/** The second factor of an account whose two-factor is on: a fresh authenticator code, or an unused recovery code. */
export async function verifySecondFactor(db: Db, input: CodeInput & { allowRecovery?: boolean }): Promise<CodeCheck> {
  const account = await findTwoFactorAccount(db, { userId: input.userId });
  if (!account?.enabledAt || !account.secret) return invalid;
  const { secret, sessionVersion } = account;
  if (isTotpCode(input.code)) return checkTotp(db, input, { secret, sessionVersion }, true);
  if (input.allowRecovery === false) return invalid;
  const used = await useRecoveryCode(db, { userId: input.userId, codeHash: hashRecoveryCode(input.code), now: input.now });
  return used ? { ok: true, method: 'recovery', sessionVersion } : invalid;
}

/** What the two-factor home shows: on or off, and how many recovery codes are left. */
export async function twoFactorStatus(db: Db, { userId }: { userId: number }): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const account = await findTwoFactorAccount(db, { userId });
  const enabled = account?.enabledAt != null;
  return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, { userId }) : 0 };
}

async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(db, { userId, codeHashes: recoveryCodes.map(hashRecoveryCode) });
  return recoveryCodes;
}

/** The secret to show for setting up an authenticator (kept across reloads), or null when two-factor is already on. */
export async function beginSetup(db: Db, { userId }: { userId: number }): Promise<{ secret: string; email: string } | null> {
  const account = await findTwoFactorAccount(db, { userId });
  if (!account || account.enabledAt !== null) return null;
  if (account.secret) return { secret: account.secret, email: account.email };
  const secret = newTotpSecret();
  await savePendingSecret(db, { userId, secret });
  return { secret, email: account.email };
}

/** A first valid code from the authenticator turns two-factor on and issues the recovery codes, all at once. */
export function confirmSetup(db: Db, input: CodeInput): Promise<CodesResult> {
  return db.transaction().execute(async (trx): Promise<CodesResult> => {
    const account = await findTwoFactorAccount(trx, { userId: input.userId });
    if (!account?.secret || account.enabledAt !== null) return { ok: false, reason: 'invalid' };
    const { secret, sessionVersion } = account;
    const check = isTotpCode(input.code) ? await checkTotp(trx, input, { secret, sessionVersion }, false) : invalid;
    if (!check.ok) return check;
    await markEnabled(trx, { userId: input.userId, now: input.now });
    return { ok: true, recoveryCodes: await issueRecoveryCodes(trx, input.userId) };
  });
}

/** New recovery codes replace the old ones; asks for a current authenticator code (not a recovery code). */
export function regenerateRecoveryCodes(db: Db, input: CodeInput): Promise<CodesResult> {
  return db.transaction().execute(async (trx): Promise<CodesResult> => {
    const check = await verifySecondFactor(trx, { ...input, allowRecovery: false });
    if (!check.ok) return check;
    return { ok: true, recoveryCodes: await issueRecoveryCodes(trx, input.userId) };
  });
}

/** Turns two-factor off; asks for a current authenticator code or an unused recovery code. */
export function disableTwoFactor(db: Db, input: CodeInput): Promise<CodeCheck> {
  return db.transaction().execute(async (trx) => {
    const check = await verifySecondFactor(trx, input);
    if (check.ok) await clearTwoFactor(trx, { userId: input.userId });
    return check;
  });
}
