// The fuzz suite's test bench: the app on a fresh seeded database, listening on the loopback, with a
// logger whose lines are read here; listeners on the real process for unhandled rejections and uncaught
// exceptions; and the one check every fuzzed request must pass.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { createLogger } from '../../../server/logger';
import { createTestApp, type TestApp } from '../../support/app';
import { type Answer, httpClient, setCookies } from './client';
import { type Personas, personas } from './personas';
import { type FuzzCase, tokenStandIn } from './requests';
import { fuzzTargets, type RouteTarget } from './routes';
import { harvestedNames, type KnownValues, knownValues } from './values';
import { notificationKey } from '../../../server/payments/signing';
import { type PaymentFacts, paymentFacts } from './webhook';

interface LogEntry {
  level: number;
  msg?: string;
  status?: number;
  path?: string;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

export interface Bench {
  testApp: TestApp;
  targets: RouteTarget[];
  known: KnownValues;
  names: string[];
  personas: Personas;
  /** What signs a payment notification as the provider would, and the payments it may name. */
  webhook: { key: Buffer; facts: PaymentFacts };
  /** Sends one fuzzed request; answers what went wrong with it (nothing when all is well). */
  check(fuzzCase: FuzzCase): Promise<{ problems: string[]; answer?: Answer }>;
  warnings: LogEntry[];
  close(): Promise<void>;
}

/** The payment webhook answers 500 '[retry]' on purpose, for an event its order cannot take yet (and logs it). */
const webhook = /^\/api\/v1\/payments\/[^/?]+\/notifications(\?|$)/;

function deliberate(status: number, fuzzCase: FuzzCase, answer: Answer): boolean {
  return status === 503 || (status === 500 && webhook.test(fuzzCase.path) && answer.body.toString() === '[retry]');
}

/** A request that may end the persona's session: sign-out, password or two-factor changes, an account edited or removed. */
const sessionEnders = /logoff|changepassword|resetpassword|twofactor|editors\/.*\/remove|staff\/customers\/.*\/edit|security\/login/i;

/** The answer gave another session (or none), or the request was a write that may have ended this one. */
function endsSession(fuzzCase: FuzzCase, answer: Answer, cookie: string): boolean {
  const sid = setCookies(answer).get('sid');
  if (sid !== undefined && !cookie.split('; ').includes(`sid=${sid}`)) return true;
  return !['GET', 'HEAD', 'OPTIONS'].includes(fuzzCase.method) && sessionEnders.test(fuzzCase.path);
}

export async function startBench(env: Record<string, string> = {}): Promise<Bench> {
  const errors: LogEntry[] = [];
  const warnings: LogEntry[] = [];
  const destination = {
    write(line: string) {
      const entry = JSON.parse(line) as LogEntry;
      (entry.level >= 50 ? errors : warnings).push(entry);
    },
  };
  const logger = createLogger({ LOG_LEVEL: 'warn' }, destination);
  const testApp = await createTestApp({ LOG_LEVEL: 'warn', ...env }, { logger });
  const server: Server = testApp.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const client = httpClient((server.address() as AddressInfo).port);

  // Jest gives a test file its own `process`; the real one is where Node reports unhandled rejections.
  const realProcess = runInThisContext('process') as NodeJS.Process;
  const crashes: string[] = [];
  const onRejection = (reason: unknown) => crashes.push(`unhandled rejection: ${describe(reason)}`);
  const onException = (error: unknown) => crashes.push(`uncaught exception: ${describe(error)}`);
  realProcess.on('unhandledRejection', onRejection);
  realProcess.on('uncaughtException', onException);

  const cast = personas(client, testApp.db);
  const check = async (fuzzCase: FuzzCase) => {
    // From here on what goes wrong is this request's (its persona's sign-in included).
    errors.length = 0;
    crashes.length = 0;
    const persona = await cast.ready(fuzzCase.persona);
    const cookie = [persona.cookie, ...fuzzCase.cookies].filter(Boolean).join('; ');
    const headers: Record<string, string> = { ...fuzzCase.headers, ...(cookie ? { Cookie: cookie } : {}), ...(fuzzCase.body?.contentType ? { 'Content-Type': fuzzCase.body.contentType } : {}) };
    if (headers['X-CSRF-Token'] === tokenStandIn) headers['X-CSRF-Token'] = persona.token ?? '';
    const body = fuzzCase.body && withToken(fuzzCase.body.bytes, persona.token ?? '');
    const problems: string[] = [];
    let answer: Answer | undefined;
    try {
      answer = await client.send({ method: fuzzCase.method, path: fuzzCase.path, headers, body });
    } catch (error) {
      problems.push(`no answer: ${describe(error)}`);
    }
    // Work a handler left running after its answer (a mail, a log line on 'finish') gets a moment to fail.
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (answer && answer.status >= 500 && !deliberate(answer.status, fuzzCase, answer)) problems.push(`answered ${answer.status}`);
    for (const entry of errors.filter((item) => !expectedError(item, answer, fuzzCase))) problems.push(`logged: ${entry.msg} ${entry.err?.stack ?? entry.err?.message ?? ''}`.trim());
    problems.push(...crashes);
    if (!answer || endsSession(fuzzCase, answer, persona.cookie)) persona.stale = persona.name !== 'anonymous';
    return { problems, answer };
  };

  const targets = fuzzTargets(testApp.app);
  const known = await knownValues(testApp.db);
  const names = harvestedNames(path.resolve(__dirname, '../../..'));
  const webhook = { key: notificationKey(testApp.config), facts: await paymentFacts(testApp.db) };
  const close = async () => {
    realProcess.off('unhandledRejection', onRejection);
    realProcess.off('uncaughtException', onException);
    client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await testApp.close();
  };
  return { testApp, targets, known, names, personas: cast, webhook, check, warnings, close };
}

function expectedError(entry: LogEntry, answer: Answer | undefined, fuzzCase: FuzzCase): boolean {
  if (entry.msg === 'request') return answer !== undefined && entry.status === answer.status && deliberate(answer.status, fuzzCase, answer);
  return /^payment event not applied/.test(entry.msg ?? '');
}

function withToken(bytes: Buffer, token: string): Buffer {
  const text = bytes.toString('latin1');
  return text.includes(tokenStandIn) ? Buffer.from(text.split(tokenStandIn).join(token), 'latin1') : bytes;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
