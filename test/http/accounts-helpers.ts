// Helpers shared by the accounts route tests (test/http/accounts-*.test.ts).
import request from 'supertest';
import { insertAccount } from '../../server/accounts/data';
import { hashPassword } from '../../server/accounts/passwords';
import type { TestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';
import { type OutboxMessage, readOutbox } from '../support/outbox';

export type Agent = ReturnType<typeof request.agent>;

export const demo = {
  customer: { email: 'customer@example.com', password: 'Customer-Demo-2026' },
  staff: { email: 'staff@example.com', password: 'Staff-Demo-2026' },
  editor: { email: 'editor@example.com', password: 'Editor-Demo-2026' },
};

/** A browser-like client holding a session, and the CSRF token of the page it opened. */
export async function visitor(testApp: TestApp, path = '/fr/security/login'): Promise<{ agent: Agent; token: string }> {
  const agent = request.agent(testApp.app);
  const page = await agent.get(path);
  return { agent, token: csrfTokenOf(parseHtml(page.text)) };
}

/** Signs an account in through the login form (no JS) and answers the client with its session. */
export async function signedIn(testApp: TestApp, account: { email: string; password: string }, culture = 'fr') {
  const { agent, token } = await visitor(testApp, `/${culture}/security/login`);
  const answer = await agent.post(`/${culture}/security/login`).type('form').send({ _csrf: token, Email: account.email, Password: account.password });
  if (answer.status !== 303) throw new Error(`Sign-in of ${account.email} answered ${answer.status}`);
  return { agent, token, sid: cookieOf(answer, 'sid')!.split(';')[0] };
}

/** The value of a cookie set by an answer, or undefined. */
export function cookieOf(answer: { headers: Record<string, unknown> }, name: string): string | undefined {
  const cookies = (answer.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

/**
 * Mail goes out after the answer (so its time tells nothing): waits until the outbox holds a message
 * to `to` whose subject is `subject`, beyond the `seen` messages already there.
 */
export async function waitForMail(testApp: TestApp, { to, subject, seen = 0 }: { to: string; subject: string; seen?: number }): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = readOutbox(testApp.config.DATA_DIR)
      .slice(seen)
      .find((message) => message.to === to && subjectOf(message) === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail "${subject}" to ${to}`);
}

/**
 * The decoded subject. Read from the raw message: the headers end their lines with \r\n, so a long
 * subject folded onto a second line is cut short by readOutbox's header reader.
 */
export function subjectOf(message: OutboxMessage): string {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(message.raw)?.[1] ?? '';
  return decodeHeader(folded.replace(/\r?\n[ \t]+/g, ' ').trim());
}

/** Undoes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes non-ASCII subjects. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** Lets background mail work finish, then answers how many messages the outbox holds. */
export async function settledOutbox(testApp: TestApp): Promise<OutboxMessage[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return readOutbox(testApp.config.DATA_DIR);
}

/** The path and query of the first link to this site in a message, e.g. /fr/security/resetpassword?token=… */
export function linkIn(message: OutboxMessage, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(/[a-z]{2}/${path.replace(/\//g, '\\/')}[^\\s]*)`).exec(message.text);
  if (!match) throw new Error(`No ${path} link in:\n${message.text}`);
  return match[1];
}

/** Adds an account straight to the database (confirmed unless told otherwise) and answers its id. */
export async function createAccount(
  testApp: TestApp,
  { email, password, confirmed = true, twoFactor = false, culture = 'fr' }: { email: string; password: string; confirmed?: boolean; twoFactor?: boolean; culture?: string },
): Promise<number> {
  const now = Date.now();
  const id = await insertAccount(testApp.db, {
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Test',
    lastName: 'Account',
    culture,
    roles: ['customer'],
    confirmedAt: confirmed ? now : null,
    now,
  });
  if (twoFactor) await testApp.db.updateTable('users').set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled_at: now }).where('id', '=', id).execute();
  return id;
}
