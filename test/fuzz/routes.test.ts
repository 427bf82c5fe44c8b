// fast-check over every route of the app (docs/testing-fuzz.md): whatever the method, path, query,
// body, headers and cookies, and whoever sends them, the app never answers a 5xx it did not mean,
// never leaves a rejection unhandled or an exception uncaught, and logs no error.
//   CI:      npm run test:fuzz                                  (the fixed seed below)
//   by hand: FUZZ_SEED=random FUZZ_RUNS=20000 npm run test:fuzz (prints the seed to replay with FUZZ_SEED=<n>)
//   FUZZ_KEEP_GOING=1 reports every distinct failure of the run instead of stopping at the first and shrinking it.
import fc from 'fast-check';
import { type Bench, startBench } from './support/harness';
import { fuzzCases, type FuzzCase } from './support/requests';
import { webhookCases } from './support/webhook';

const defaultSeed = 20261127;
const defaultRuns = 4000;
/** CI's run stops here on a slow machine (and says so); a run by hand with FUZZ_RUNS has no limit unless FUZZ_TIME_LIMIT_S sets one. */
const defaultTimeLimitS = 210;

const seed = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? defaultSeed);
const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
const keepGoing = process.env.FUZZ_KEEP_GOING === '1';
const timeLimitS = Number(process.env.FUZZ_TIME_LIMIT_S ?? (process.env.FUZZ_RUNS ? 0 : defaultTimeLimitS));
const say = (line: string) => process.stdout.write(`fuzz: ${line}\n`);

let bench: Bench;
const statuses = new Map<string, number>();
const distinct = new Map<string, string>();

beforeAll(async () => {
  const started = Date.now();
  bench = await startBench();
  const fromSpec = bench.targets.filter((target) => target.origin === 'spec').length;
  say(`${bench.targets.length} routes (${bench.targets.length - fromSpec} from the router stack, ${fromSpec} more from the specification), ${bench.known.values.length} known values, ${bench.names.length} field names; ready in ${Date.now() - started} ms`);
}, 120_000);

afterAll(() => bench?.close());

const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text);

/** The failing request, written so it can be read (and replayed with curl) rather than as fast-check's object dump. */
function told(fuzzCase: FuzzCase, problems: string[]): string {
  const body = fuzzCase.body ? `\n  body (${fuzzCase.body.kind}, ${fuzzCase.body.contentType ?? 'no type'}): ${JSON.stringify(fuzzCase.body.bytes.toString('latin1').slice(0, 600))}` : '';
  return `${fuzzCase.method} ${cut(fuzzCase.path)} as ${fuzzCase.persona} (route ${fuzzCase.route})\n  headers: ${cut(JSON.stringify(fuzzCase.headers))}\n  cookies: ${cut(JSON.stringify(fuzzCase.cookies))}${body}\n  ${problems.join('\n  ')}`;
}

test(`every route, ${runs} requests, seed ${seed}`, async () => {
  say(`seed ${seed} (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run test:fuzz), ${runs} runs`);
  const started = Date.now();
  let ran = 0;
  // Most requests go to the routes; one in forty is a payment notification signed with the shop's key.
  const requests = fc.oneof({ weight: 39, arbitrary: fuzzCases(bench.targets, { known: bench.known, names: bench.names }) }, { weight: 1, arbitrary: webhookCases(bench.webhook.key, bench.webhook.facts) });
  const property = fc.asyncProperty(requests, async (fuzzCase) => {
    ran++;
    const { problems, answer } = await bench.check(fuzzCase);
    const group = `${fuzzCase.persona} ${answer ? answer.status : 'none'}`;
    statuses.set(group, (statuses.get(group) ?? 0) + 1);
    if (problems.length === 0) return;
    const report = told(fuzzCase, problems);
    if (!keepGoing) throw new Error(report);
    const key = `${fuzzCase.route} ${problems[0].split('\n')[0]}`;
    if (!distinct.has(key)) distinct.set(key, report);
  });
  try {
    const limit = timeLimitS > 0 ? { interruptAfterTimeLimit: timeLimitS * 1000, markInterruptAsFailure: false } : {};
    await fc.assert(property, { seed, numRuns: runs, path: process.env.FUZZ_PATH, verbose: 0, ...limit });
  } finally {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (ran < runs) say(`stopped after ${ran} of ${runs} runs (time limit ${timeLimitS} s, or the first failure)`);
    say(`${ran} runs in ${seconds} s; answers by persona and status: ${[...statuses].sort().map(([group, count]) => `${group}: ${count}`).join(', ')}`);
    const signIns = [...bench.personas.all.values()].map((persona) => `${persona.name} ${persona.signIns}`).join(', ');
    say(`sign-ins: ${signIns}; warnings logged: ${bench.warnings.length}`);
  }
  for (const report of distinct.values()) say(`FAILURE ${report}`);
  expect([...distinct.keys()]).toEqual([]);
}, 30 * 60_000);
