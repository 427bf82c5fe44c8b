#!/usr/bin/env node
// npm run bench [-- --products 100000 --duration 10 --connections 50]
// Seeds (or reuses) a large catalog in a temporary database, starts the real server on loopback and
// drives it with autocannon: home, a filtered category list, a product page and search suggestions,
// next to the list page's own bytes served as a static file by the same server, and home's and the list's
// bytes answered from memory by a bare node:http server (the ceiling). Every request sends
// Accept-Encoding: br, gzip as browsers do; the answer column is the bytes on the wire. Not a timed test:
// it prints the figures and whether the targets hold. DATABASE_URL=postgres://… benches PostgreSQL.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import zlib from 'node:zlib';
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
async function startServer(env, staticDir, script = 'scripts/bench-server.ts') {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [script], {
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

/** An answer's bytes as they travel (fetch would decode them). */
function onTheWire(url, headers) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode, encoding: answer.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function measure(scenario) {
  const first = await onTheWire(scenario.origin + scenario.paths[0], scenario.headers);
  const bytes = first.body.length;
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
    encoding: first.encoding,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** The app's own answers for home and the list, as sent, answered again by bare node:http from memory. */
async function ceilingScenarios(targets, staticDir) {
  const pages = { home: targets.scenarios[0], list: targets.scenarios[1] };
  for (const [name, scenario] of Object.entries(pages)) {
    const sent = await onTheWire(scenario.origin + scenario.paths[0], scenario.headers);
    if (sent.encoding !== 'br') throw new Error(`${scenario.name}: sent ${sent.encoding ?? 'uncompressed'}, not brotli`);
    writeFileSync(path.join(staticDir, `${name}.br`), sent.body);
  }
  const bare = await startServer({}, staticDir, 'scripts/bench/bare-server.mjs');
  const ceiling = (name, scenario) => ({ ...scenario, name, origin: bare.url, paths: [`/${name.split(' ')[0]}`] });
  targets.scenarios.push(
    ceiling('home bytes, bare node:http from memory (ceiling)', pages.home),
    ceiling('list bytes, bare node:http from memory (ceiling)', pages.list),
  );
  return bare;
}

async function main() {
  await ensureBuilt();
  const database = await prepareDatabase({ root, products: options.products, run });
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-static-'));
  const server = await startServer(database.env, staticDir);
  let bare = null;
  try {
    const targets = await findTargets({ database, origin: server.url });
    writeFileSync(path.join(staticDir, 'list.html'), targets.listHtml);
    writeFileSync(path.join(staticDir, 'list.html.br'), zlib.brotliCompressSync(targets.listHtml));
    bare = await ceilingScenarios(targets, staticDir);
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
    await bare?.stop();
    await server.stop();
    await database.cleanup();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
