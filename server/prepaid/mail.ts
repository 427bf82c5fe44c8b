// Mail to a customer about their prepaid account or refund, in the customer's culture, sent after the
// answer (inBackground logs a failure). Texts are locale keys: Subject and Body under one namespace.
import { type Culture, cultures } from '../config';
import type { MailDeps } from '../accounts/mail';
import { siteUrl } from '../http/site-url';

export interface Recipient {
  email: string;
  firstName: string;
  culture: string;
}

/** Sends `${keyPrefix}.Subject` / `${keyPrefix}.Body` with `values` (plus name and a link to `path` under the culture). */
export async function sendCustomerMail(deps: MailDeps, recipient: Recipient, mail: { keyPrefix: string; path: string; values: Record<string, string | number> }): Promise<void> {
  const culture = (cultures as readonly string[]).includes(recipient.culture) ? (recipient.culture as Culture) : deps.config.DEFAULT_CULTURE;
  const t = deps.localization.translator(culture);
  const values = { ...mail.values, name: recipient.firstName || recipient.email, link: siteUrl(deps.config, `/${culture}/${mail.path}`) };
  const text = [t('Security.Mail.Greeting', values), t(`${mail.keyPrefix}.Body`, values), values.link, t('Core.SiteName')].join('\n\n');
  await deps.mailer.send({ to: recipient.email, subject: t(`${mail.keyPrefix}.Subject`, values), text });
}
