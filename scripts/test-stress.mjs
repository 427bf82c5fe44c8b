// `npm run test:stress`: `npm test` twice at the same time on this machine, as a busy CI machine sees it.
// Two clones of HEAD in a temporary folder (committed work only), each with node_modules hard-linked from
// this one (no install, no extra disk), each building its own static/dist; the suites pick their own
// ports (0), data folders (mktemp) and PostgreSQL schemas, and their Redis keys are their own. Both must
// pass. Prints each run's result, its step durations and the wall time; logs stay in the printed folder.
// Usage: npm run test:stress [-- --keep]   (--keep leaves the clones for a look)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const work = mkdtempSync(path.join(os.tmpdir(), 'storefront-stress-'));
const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

function prepare(name) {
  const dir = path.join(work, name);
  execFileSync('git', ['clone', '-q', '--no-hardlinks', root, dir]);
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  return dir;
}

function runTests(name, dir) {
  const logPath = path.join(work, `${name}.log`);
  const log = createWriteStream(logPath);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { cwd: dir, env: { ...process.env, FORCE_COLOR: '0' } });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end();
      resolve({ name, code, seconds: Math.round((Date.now() - started) / 1000), logPath });
    });
  });
}

/** The step table scripts/test.mjs prints at its end, and the jest summary lines. */
function summary(logPath) {
  const text = readFileSync(logPath, 'utf8');
  const steps = text.slice(text.lastIndexOf('npm test, step by step:')).split('\n').slice(0, 6);
  const totals = text.split('\n').filter((line) => /^(Tests|Test Suites):/.test(line));
  return [...totals, ...(text.includes('npm test, step by step:') ? steps : [])].map((line) => `    ${line}`).join('\n');
}

console.log(`test:stress: two npm test runs of ${head} at once, in ${work}`);
const dirs = ['first', 'second'].map((name) => [name, prepare(name)]);
const started = Date.now();
const results = await Promise.all(dirs.map(([name, dir]) => runTests(name, dir)));
for (const result of results) {
  console.log(`  ${result.name}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${result.seconds} s; log ${result.logPath}`);
  console.log(summary(result.logPath));
}
console.log(`  wall time ${Math.round((Date.now() - started) / 1000)} s`);
const failed = results.some((result) => result.code !== 0);
if (!keep && !failed) rmSync(work, { recursive: true, force: true });
else writeFileSync(path.join(work, 'HEAD'), `${head}\n`);
process.exit(failed ? 1 : 0);
