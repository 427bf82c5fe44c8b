// A browser-like client for the multi-instance suite: one cookie jar sent to whichever instance (or
// nginx) the test names, so a session, a cart or a CSRF cookie made by one instance is shown to another.
// Cookies do not tell ports apart (RFC 6265), so one jar for every address on the loopback is what a
// browser would keep too.
import type { Db } from '../../server/db';
import { csrfTokenOf, type Html, parseHtml } from '../support/html';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';

export interface Answer {
  status: number;
  location: string;
  headers: Headers;
  body: Buffer;
  text: string;
  /** When the request was sent and when its answer had arrived whole (performance.now()). */
  sentAt: number;
  doneAt: number;
}

export class Browser {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page read with page(). */
  token = '';

  async request(base: string, path: string, init: { method?: string; form?: Record<string, string | string[]>; body?: FormData; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: BodyInit | undefined = init.body;
    if (init.form) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(init.form)) for (const one of [value].flat()) params.append(name, one);
      body = params;
    }
    const sentAt = performance.now();
    const response = await fetch(`${base}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    const bytes = Buffer.from(await response.arrayBuffer());
    const doneAt = performance.now();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return { status: response.status, location: response.headers.get('location') ?? '', headers: response.headers, body: bytes, text: bytes.toString('utf8'), sentAt, doneAt };
  }

  /** GETs an HTML page (200 expected), keeps its CSRF token and answers it parsed. */
  async page(base: string, path: string): Promise<Html> {
    const answer = await this.request(base, path);
    if (answer.status !== 200) throw new Error(`GET ${base}${path} answered ${answer.status} ${answer.location}`);
    const html = parseHtml(answer.text);
    this.token = csrfTokenOf(html) || this.token;
    return html;
  }

  /** POSTs a form with the CSRF token, as a browser without JavaScript does. */
  post(base: string, path: string, form: Record<string, string | string[]>): Promise<Answer> {
    return this.request(base, path, { form: { _csrf: this.token, ...form } });
  }
}

/** A new editor (two-factor on, rows made in the cluster's database) signed in through `base`'s forms. */
export async function signedInEditor(db: Db, base: string): Promise<Browser> {
  const account = await createTwoFactorAccount(db, 'cluster-editor');
  await db.deleteFrom('user_roles').where('user_id', '=', account.id).execute();
  await db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const browser = new Browser();
  await browser.page(base, '/fr/security/login');
  const password = await browser.post(base, '/fr/security/login', { Email: account.email, Password: account.password });
  if (password.location !== '/fr/security/login/twofactor') throw new Error(`Password step answered ${password.status} ${password.location}`);
  const code = await browser.post(base, '/fr/security/login/twofactor', { Code: currentCode(account.secret) });
  if (code.status !== 303) throw new Error(`Code step answered ${code.status}`);
  return browser;
}

/** Polls `look` until it answers true or `deadlineMs` has passed; answers the answer that showed it. */
export async function pollUntil(look: () => Promise<Answer & { ok: boolean }>, deadlineMs: number): Promise<Answer & { ok: boolean }> {
  const end = performance.now() + deadlineMs;
  for (;;) {
    const answer = await look();
    if (answer.ok || performance.now() > end) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
