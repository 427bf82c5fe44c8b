import type { Request } from 'express';
import { type Config, type Culture, cultures } from '../config';
import type { Localization } from '../localization/i18n';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { siteUrl } from '../http/site-url';

/** What account mail needs from the app (req.app.locals has all of it). */
export interface MailDeps {
  config: Config;
  localization: Localization;
  mailer: Mailer;
  logger: Logger;
}

/** The app's mail dependencies, typed (app.locals is not). */
function mailDeps(req: Request): MailDeps {
  const { config, localization, mailer, logger } = req.app.locals;
  return { config, localization, mailer, logger };
}

export type AccountMail =
  | { kind: 'ResetPassword'; token: string }
  | { kind: 'ConfirmEmail'; token: string }
  | { kind: 'AlreadyRegistered' }
  | { kind: 'PasswordChanged' }
  /** To the NEW address: the link that makes the change (server/accounts/email-changes.ts). */
  | { kind: 'ConfirmEmailChange'; token: string; newEmail: string }
  /** To the OLD address: a change was asked, by the account itself or by a staff member (named). */
  | { kind: 'EmailChangeRequested'; newEmail: string }
  | { kind: 'EmailChangeRequestedByStaff'; newEmail: string; staffName: string }
  /** To an address asked for that already has an account: nothing changed (the asker is not told). */
  | { kind: 'EmailChangeTaken' };

export const resetLinkLifetimeMs = 60 * 60 * 1000;
export const confirmationLinkLifetimeMs = 24 * 60 * 60 * 1000;

function links(config: Config, culture: Culture, mail: AccountMail): Record<string, string> {
  const page = (path: string) => siteUrl(config, `/${culture}/${path}`);
  const token = 'token' in mail ? encodeURIComponent(mail.token) : '';
  return {
    loginLink: page('security/login'),
    resetLink: mail.kind === 'ResetPassword' ? page(`security/resetpassword?token=${token}`) : page('security/forgotpassword'),
    confirmLink: page(`security/confirm?token=${token}`),
    emailChangeLink: page(`account/email/confirm?token=${token}`),
  };
}

/** Sends one account message in the account's culture; run it inBackground, which logs a failure. */
export async function sendAccountMail(
  deps: MailDeps,
  recipient: { email: string; firstName: string; culture: string },
  mail: AccountMail,
): Promise<void> {
  const culture = (cultures as readonly string[]).includes(recipient.culture) ? (recipient.culture as Culture) : deps.config.DEFAULT_CULTURE;
  const t = deps.localization.translator(culture);
  const values = {
    ...links(deps.config, culture, mail),
    name: recipient.firstName || recipient.email,
    minutes: resetLinkLifetimeMs / 60_000,
    hours: confirmationLinkLifetimeMs / 3_600_000,
    newEmail: 'newEmail' in mail ? mail.newEmail : '',
    staffName: 'staffName' in mail ? mail.staffName : '',
  };
  const text = [t('Security.Mail.Greeting', values), t(`Security.Mail.${mail.kind}.Body`, values), t('Core.SiteName')].join('\n\n');
  await deps.mailer.send({ to: recipient.email, subject: t(`Security.Mail.${mail.kind}.Subject`, values), text });
}

/**
 * Runs mail work without making the visitor wait for it: the answer then takes as long whether an
 * account exists or not (a mail server can take seconds), and a failure is logged, never shown, so the
 * answer never depends on whether a message went out (nor on whether the account exists).
 */
export function inBackground(req: Request, work: (mail: MailDeps) => Promise<void>): void {
  const deps = mailDeps(req);
  void Promise.resolve()
    .then(() => work(deps))
    .catch((error: unknown) => deps.logger.error({ err: error }, 'account mail not sent'));
}
