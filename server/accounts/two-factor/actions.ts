import type { Request, Response } from 'express';
import type { Db } from '../../db';
import { codeForm, totpForm } from './forms';
import type { CodeForm } from './page';
import type { TwoFactorResult } from './pending';
import { qrCodeDataUri } from './qr';
import { beginSetup, type CodeRefusal, confirmSetup, disableTwoFactor, regenerateRecoveryCodes, twoFactorStatus } from './service';
import { groupedSecret, totpUri } from './totp';

type Outcome = { ok: true; result: TwoFactorResult } | { ok: false; reason: CodeRefusal };

/** One action of the two-factor home: a page with a code form, and what a good code does. */
export interface TwoFactorAction {
  path: string;
  view: string;
  titleKey: string;
  form: CodeForm;
  /** The page's own model, or null when the action does not apply now (the home is shown instead). */
  load(req: Request, res: Response, userId: number): Promise<Record<string, unknown> | null>;
  act(db: Db, input: { userId: number; code: string; now: number }): Promise<Outcome>;
}

async function setupModel(res: Response, { secret, email }: { secret: string; email: string }) {
  const otpauthUri = totpUri({ secret, account: email, issuer: res.locals.t('Core.SiteName') });
  return { email, otpauthUri, qrCode: await qrCodeDataUri(otpauthUri), secret: groupedSecret(secret) };
}

const setup: TwoFactorAction = {
  path: 'setup',
  view: 'two-factor-setup',
  titleKey: 'Security.TwoFactor.SetupTitle',
  form: totpForm,
  async load(req, res, userId) {
    const pending = await beginSetup(req.app.locals.db, { userId });
    return pending && setupModel(res, pending);
  },
  async act(db, input) {
    const outcome = await confirmSetup(db, input);
    if (!outcome.ok) return outcome;
    return { ok: true, result: { message: 'Security.TwoFactor.EnabledNotice', recoveryCodes: outcome.recoveryCodes } };
  },
};

const recoveryCodes: TwoFactorAction = {
  path: 'recoverycodes',
  view: 'two-factor-recovery-codes',
  titleKey: 'Security.TwoFactor.RecoveryCodesTitle',
  form: totpForm,
  async load(req, _res, userId) {
    const status = await twoFactorStatus(req.app.locals.db, { userId });
    return status.enabled ? { recoveryCodesLeft: status.recoveryCodesLeft } : null;
  },
  async act(db, input) {
    const outcome = await regenerateRecoveryCodes(db, input);
    if (!outcome.ok) return outcome;
    return { ok: true, result: { message: 'Security.TwoFactor.RecoveryCodesRegenerated', recoveryCodes: outcome.recoveryCodes } };
  },
};

const disable: TwoFactorAction = {
  path: 'disable',
  view: 'two-factor-disable',
  titleKey: 'Security.TwoFactor.DisableTitle',
  form: codeForm,
  async load(req, _res, userId) {
    const status = await twoFactorStatus(req.app.locals.db, { userId });
    return status.enabled ? {} : null;
  },
  async act(db, input) {
    const outcome = await disableTwoFactor(db, input);
    return outcome.ok ? { ok: true, result: { message: 'Security.TwoFactor.DisabledNotice' } } : outcome;
  },
};

export const twoFactorActions = [setup, recoveryCodes, disable];
