// One virtual shopper's browser, as far as the server can tell: a cookie jar, an address of its own and
// the headers a browser sends. Every request goes through nginx like a real one; nginx appends the
// loopback to X-Forwarded-For, and the app (TRUST_PROXY=loopback) takes the shopper's address from it, so
// the per-address rate limits count each shopper apart, as they would on the internet.
import type { Recorder, StepName } from './stats';

export interface Answer {
  status: number;
  location: string;
  text: string;
}

/** A failed request: its status (or the network error's code), which ends the flow as an error. */
export class StepFailed extends Error {
  constructor(readonly step: StepName, readonly status: string) {
    super(`${step}: ${status}`);
  }
}

const randomByte = () => Math.floor(Math.random() * 254) + 1;

export class Visitor {
  private readonly cookies = new Map<string, string>();
  readonly address = `10.${randomByte()}.${randomByte()}.${randomByte()}`;

  constructor(private readonly origin: string, private readonly recorder: Recorder) {}

  get(step: StepName, path: string, expected: number[] = [200]): Promise<Answer> {
    return this.send(step, 'GET', path, null, expected);
  }

  /** A form post, as a browser without JavaScript sends it. */
  post(step: StepName, path: string, fields: Record<string, string>, expected: number[] = [303]): Promise<Answer> {
    return this.send(step, 'POST', path, new URLSearchParams(fields).toString(), expected);
  }

  private async send(step: StepName, method: string, path: string, body: string | null, expected: number[]): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: 'text/html,application/xhtml+xml',
      'accept-language': 'fr',
      'x-forwarded-for': this.address,
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
      ...(body === null ? {} : { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin }),
    };
    const began = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(this.origin + path, { method, headers, body, redirect: 'manual' });
      answer = { status: response.status, location: response.headers.get('location') ?? '', text: await response.text() };
      this.recorder.answeredBy(response.headers.get('x-upstream'));
      this.keep(response.headers.getSetCookie());
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? 'network error';
      this.recorder.failed(step, code);
      throw new StepFailed(step, code);
    }
    this.recorder.timed(step, performance.now() - began);
    if (!expected.includes(answer.status)) {
      this.recorder.failed(step, String(answer.status));
      throw new StepFailed(step, String(answer.status));
    }
    return answer;
  }

  private keep(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
  }
}
