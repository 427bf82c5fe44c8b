// A browser for the crash suite: fetch with its own cookie jar, so that one visitor (or editor) can send
// each request either through nginx or straight at one instance (cookies do not depend on the port), and
// a retry that does what a browser's user does after a 502 or a refused connection: send it again.
import { csrfTokenOf, parseHtml } from '../support/html';

export interface Answer {
  status: number;
  location: string;
  text: string;
}

/** Where each request goes: nginx or, now and then, the instance about to be killed (crash.test.ts). */
export type Route = () => string;

export class Browser {
  private readonly cookies = new Map<string, string>();
  token = '';

  /** Each browser its own address (X-Forwarded-For, believed from the loopback): many guests, not one client over the API's rate limit. */
  private readonly address = `10.${random(256)}.${random(256)}.${1 + random(254)}`;

  constructor(private readonly route: Route) {}

  async send(pathname: string, init: { method?: string; form?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'X-Forwarded-For': this.address, ...init.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body = init.body;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${this.route()}${pathname}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return { status: response.status, location: response.headers.get('location') ?? '', text: await response.text() };
  }

  /** A page, its CSRF token kept for the next posts. */
  async page(pathname: string): Promise<ReturnType<typeof parseHtml>> {
    const answer = await this.send(pathname);
    if (answer.status !== 200) throw new Failed(`GET ${pathname}`, answer.status);
    const html = parseHtml(answer.text);
    this.token = csrfTokenOf(html) || this.token;
    return html;
  }
}

/** A step that did not get the answer it wanted (the status, or 0 when the connection failed). */
export class Failed extends Error {
  constructor(
    step: string,
    readonly status: number,
  ) {
    super(`${step} answered ${status}`);
  }
}

const random = (below: number) => Math.floor(Math.random() * below);

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tallies of what the workers met: answers by status, connections cut, steps given up. */
export const tally = new Map<string, number>();
export const count = (what: string, by = 1) => tally.set(what, (tally.get(what) ?? 0) + by);

/**
 * Runs a step until it succeeds, as a user would after an error page: a refused or cut connection, a 502
 * from nginx, a 503; up to `tries` times. A step that fails otherwise (a 4xx the worker did not expect) is
 * thrown at once.
 */
export async function retried<T>(step: string, run: () => Promise<T>, tries = 12): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const status = error instanceof Failed ? error.status : 0;
      count(status ? `${step}: ${status}` : `${step}: connection failed`);
      const transient = status === 0 || status === 500 || status === 502 || status === 503 || status === 504;
      if (!transient || attempt >= tries) throw error;
      await pause(200 + Math.random() * 400);
    }
  }
}
