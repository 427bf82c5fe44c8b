// Sending a contact message: stored and emailed to the shop together, or not at all.
import type { TFunction } from 'i18next';
import type { Db } from '../db';
import type { Mailer } from '../mail/mailer';
import { deleteContactMessage, insertContactMessage, type NewContactMessage } from './data';

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  shopEmail: string;
  /** The shop's own culture: the staff read the email in it. */
  t: TFunction;
}

function mailText(t: TFunction, id: number, message: NewContactMessage): string {
  const lines: [string, string][] = [
    ['Contact.Name', message.name],
    ['Contact.Email', message.email],
    ['Contact.Phone', message.phone],
    ['Contact.Subject', t(`Contact.Subjects.${message.subject}`)],
    ['Contact.OrderNumber', message.orderNumber],
    ['Contact.OrderDate', message.orderDate ?? ''],
  ];
  const fields = lines.filter(([, value]) => value !== '').map(([key, value]) => `${t(key)}: ${value}`);
  return [`#${id} (${message.culture})`, ...fields, '', message.message, ''].join('\n');
}

/**
 * Stores the message and emails it to the shop, replying to the visitor; a failed send stores nothing.
 * The mail goes out after the insert has committed (the mail names the message's number), never inside a
 * transaction: on SQLite a transaction holds the one writer lock, and a slow mail server would hold it.
 */
export async function sendContactMessage(deps: ContactDeps, message: NewContactMessage): Promise<void> {
  const id = await insertContactMessage(deps.db, message);
  try {
    await deps.mailer.send({
      to: deps.shopEmail,
      replyTo: message.email,
      subject: deps.t('Contact.MailSubject', { subject: deps.t(`Contact.Subjects.${message.subject}`), name: message.name }),
      text: mailText(deps.t, id, message),
    });
  } catch (error) {
    await deleteContactMessage(deps.db, { id });
    throw error;
  }
}
