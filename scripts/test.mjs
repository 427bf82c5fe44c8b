// `npm test`: the steps in order, stopping at the first that fails, then each step's duration.
//   1. the PostgreSQL list's check (scripts/postgres-suites.mjs --check);
//   2. unit and HTTP tests (jest, two workers: the machines are 2-core, and a worker mostly waits on I/O);
//   3. the Chromium tests (two workers, each with its own app and Chromium);
//   4. the JavaScript budget and Lighthouse (scripts/check-budget.mjs).
// Extra arguments go to both jest runs (e.g. `npm test -- --silent`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const extra = process.argv.slice(2);
const steps = [
  ['PostgreSQL list check', ['scripts/postgres-suites.mjs', '--check']],
  ['unit and HTTP tests', [jest, '--selectProjects', 'unit', 'http', '--maxWorkers=2', ...extra]],
  ['Chromium tests', [jest, '--selectProjects', 'e2e', '--maxWorkers=2', ...extra]],
  ['budget and Lighthouse', ['scripts/check-budget.mjs']],
];

const durations = [];
let failed = null;
for (const [name, args] of steps) {
  const started = Date.now();
  const { status, signal } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  durations.push([name, Date.now() - started]);
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit ${status}`})`;
    break;
  }
}
console.log('\nnpm test, step by step:');
for (const [name, ms] of durations) console.log(`${String(Math.round(ms / 1000)).padStart(6)} s  ${name}`);
if (failed) {
  console.error(failed);
  process.exit(1);
}
