// The HTTP tests that run again on PostgreSQL (test/postgres.json): the tests that reach the database's
// dialect (every module with queries, and transactions, locking and concurrency), not every HTTP test a
// second time. Checks that every module under server/ with queries is listed with tests that exist, prints
// the list, and then (unless --check) runs those tests with jest on DATABASE_URL.
// Usage: node scripts/postgres-suites.mjs --check          (the check alone, part of npm test)
//        DATABASE_URL=postgres://… node scripts/postgres-suites.mjs [jest options]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const manifestPath = 'test/postgres.json';
/** A query through Kysely, or raw SQL. */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\bsql</;
/** Every test file migrates and seeds a schema of its own first, so any PostgreSQL test runs these. */
const RUN_BY_EVERY_TEST = ['server/db/migrations/', 'server/db/seed/'];

function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

function queryModules() {
  return sourceFiles('server')
    .filter((file) => !RUN_BY_EVERY_TEST.some((prefix) => file.startsWith(prefix)))
    .filter((file) => QUERY.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

function check() {
  const manifest = JSON.parse(readFileSync(path.join(root, manifestPath), 'utf8'));
  const problems = [];
  const modules = queryModules();
  for (const file of modules) {
    const tests = manifest.modules[file];
    if (!tests?.length) problems.push(`${file} holds queries and has no PostgreSQL test: add it to ${manifestPath} "modules" with the tests that reach its queries`);
  }
  for (const file of Object.keys(manifest.modules)) {
    if (!modules.includes(file)) problems.push(`${manifestPath} lists ${file}, which holds no queries (moved or renamed?)`);
  }
  const tests = [...new Set([...manifest.concurrency, ...Object.values(manifest.modules).flat()])].sort();
  for (const test of tests) {
    if (!existsSync(path.join(root, test))) problems.push(`${manifestPath} names ${test}, which does not exist`);
  }
  return { modules, tests, problems };
}

const { modules, tests, problems } = check();
const all = sourceFiles('test/http').filter((file) => file.endsWith('.test.ts'));
console.log(`PostgreSQL: ${tests.length} of ${all.length} HTTP test files, covering ${modules.length} modules with queries:`);
for (const test of tests) console.log(`  ${test}`);
if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
if (process.argv.includes('--check')) process.exit(0);

if (!process.env.DATABASE_URL?.startsWith('postgres')) {
  console.error('DATABASE_URL must name a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const args = [jest, '--selectProjects', 'http', ...process.argv.slice(2), '--runTestsByPath', ...tests];
const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
process.exit(status ?? 1);
