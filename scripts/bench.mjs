#!/usr/bin/env node
// npm run bench [-- --products 100000 --duration 10 --connections 50]
// Seeds (or reuses) a large catalog in a temporary database, starts the real server on loopback and
// drives it with autocannon: home, a filtered category list, a product page and search suggestions,
// next to the list page's own bytes served as a static file by the same server. Not a timed test:
// it prints the figures and whether the targets hold. DATABASE_URL=postgres://… benches PostgreSQL.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { prepareDatabase } from './bench/database.mjs';
import { findTargets } from './bench/targets.mjs';
import { formatTable } from './bench/report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
  },
});
const options = {
  products: Number(args.products),
  duration: Number(args.duration),
  connections: Number(args.connections),
  warmup: Number(args.warmup),
};

function run(command, argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(' ')} exited with ${code}`))));
  });
}

/** The client build the server reads at start; a build running elsewhere empties static/dist for a moment. */
async function ensureBuilt() {
  const manifest = path.join(root, 'static/dist/manifest.json');
  for (let waited = 0; !existsSync(manifest) && waited < 30; waited++) await new Promise((resolve) => setTimeout(resolve, 1000));
  if (!existsSync(manifest)) await run('npm', ['run', 'build']);
}

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The real app (NODE_ENV=production: compiled templates kept, as in production) on a loopback port. */
async function startServer(env, staticDir) {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/bench-server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), BENCH_STATIC_DIR: staticDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
  });
  let stopping = false;
  child.once('exit', (code, signal) => stopping || console.error(`\nThe server stopped early (exit code ${code}, signal ${signal}).`));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      stopping = true;
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
    },
  };
}

/** Many visitors: the API's per-address rate limit would otherwise answer 429 to the one bench address. */
const visitorAddress = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 254 + 1) | 0}`;

function drive(scenario, seconds, connections) {
  const requests = scenario.paths.map((requestPath) => ({
    method: 'GET',
    path: requestPath,
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': visitorAddress() } }),
  }));
  return autocannon({ url: scenario.origin, connections, duration: seconds, headers: scenario.headers, requests });
}

async function measure(scenario) {
  const first = await fetch(scenario.origin + scenario.paths[0], { headers: scenario.headers });
  const bytes = (await first.arrayBuffer()).byteLength;
  if (first.status !== 200) return { ...scenario, skipped: `answers ${first.status}` };
  process.stdout.write(`  ${scenario.name} …`);
  const connections = scenario.connections ?? options.connections;
  await drive(scenario, options.warmup, connections);
  const result = await drive(scenario, options.duration, connections);
  process.stdout.write(` ${Math.round(result.requests.average)} req/s\n`);
  return {
    ...scenario,
    connections,
    bytes,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

async function main() {
  await ensureBuilt();
  const database = await prepareDatabase({ root, products: options.products, run });
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-static-'));
  const server = await startServer(database.env, staticDir);
  try {
    const targets = await findTargets({ database, origin: server.url });
    writeFileSync(path.join(staticDir, 'list.html'), targets.listHtml);
    console.log(`Benchmark: ${options.products.toLocaleString('en')} products on ${database.name}, ${options.connections} connections, ${options.duration} s each`);
    // Lazily built state (templates, the search index, reference caches) is built before any timing.
    for (const scenario of targets.scenarios) await fetch(scenario.origin + scenario.paths[0], { headers: scenario.headers }).then((answer) => answer.arrayBuffer());
    const loadBefore = os.loadavg()[0].toFixed(1);
    const results = [];
    for (const scenario of targets.scenarios) results.push(await measure(scenario));
    const load = os.loadavg()[0].toFixed(1);
    const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${loadBefore} before and ${load} after the run`;
    const table = formatTable(results, { ...options, database: database.name, machine });
    console.log(`\n${table}`);
    writeFileSync(path.join(database.cacheDir, 'last-bench.md'), `${table}\n`);
  } finally {
    await server.stop();
    await database.cleanup();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
