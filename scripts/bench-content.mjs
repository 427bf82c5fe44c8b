#!/usr/bin/env node
// npm run bench:content [-- --posts 10000 --duration 5 --connections 20]
// Seeds a scratch SQLite database (the demo seed with a small catalog, then --posts news posts in six
// cultures bulk-inserted through Kysely), starts the real server on loopback (scripts/bench-server.ts,
// NODE_ENV=production) and drives it with autocannon: the news list (page 1 and a deep page), the
// site-level newslist and calendar widgets, and the FAQ page. Prints requests/s, p50 and p95 per row
// (p95 from every response's time, which autocannon's summary does not give). A figure, not a gate.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { require as tsRequire } from 'tsx/cjs/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
  },
});
const options = { posts: Number(args.posts), duration: Number(args.duration), connections: Number(args.connections), warmup: Number(args.warmup) };
const cultures = ['fr', 'nl', 'es', 'de', 'it', 'pt'];
const hour = 3_600_000;

/** Demo seed (small catalog), then the news posts in bulk: 500 posts, then their 3,000 translations, per insert. */
async function prepareDatabase(dataDir) {
  const load = (file) => tsRequire(file, import.meta.url);
  const { createDb } = load('../server/db/index.ts');
  const { migrateToLatest } = load('../server/db/migrate.ts');
  const { seedIfEmpty } = load('../server/db/seed/index.ts');
  const { db, destroy } = createDb({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, { products: 100 });
    const categories = (await db.selectFrom('news_categories').select('id').execute()).map((row) => row.id);
    const picture = await db.selectFrom('news_posts').select('asset_id').where('asset_id', 'is not', null).executeTakeFirstOrThrow();
    const now = Date.now();
    const started = performance.now();
    for (let first = 0; first < options.posts; first += 500) {
      const batch = Array.from({ length: Math.min(500, options.posts - first) }, (_, offset) => first + offset);
      const rows = batch.map((index) => {
        const postedAt = now - (index + 1) * 3 * hour;
        return { category_id: categories[index % categories.length], status: 'published', publish_at: postedAt, unpublish_at: null, posted_at: postedAt, position: 0, asset_id: picture.asset_id, created_at: now };
      });
      const ids = await db.insertInto('news_posts').values(rows).returning('id').execute();
      const translations = ids.flatMap(({ id }, offset) =>
        cultures.map((culture) => ({
          post_id: id, culture, slug: `bench-${batch[offset]}-${culture}`, title: `Bench ${batch[offset]} (${culture})`,
          summary: 'A post of the content benchmark.', body_html: '<p>A post of the content benchmark.</p>', image_alt: `Bench ${batch[offset]}`,
        })),
      );
      for (let start = 0; start < translations.length; start += 500) await db.insertInto('news_post_translations').values(translations.slice(start, start + 500)).execute();
    }
    const total = await db.selectFrom('news_posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    console.log(`Inserted ${options.posts.toLocaleString('en')} news posts in ${((performance.now() - started) / 1000).toFixed(1)} s (${Number(total.n).toLocaleString('en')} in all).`);
  } finally {
    await destroy();
  }
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A build running elsewhere empties static/dist for a moment: wait for its manifest (the server reads it at start). */
async function waitForBuild() {
  const manifest = path.join(root, 'static/dist/manifest.json');
  for (let waited = 0; !existsSync(manifest) && waited < 60; waited++) await new Promise((resolve) => setTimeout(resolve, 1000));
  if (!existsSync(manifest)) throw new Error('Run npm run build first (static/dist/manifest.json is missing).');
}

async function startServer(dataDir) {
  await waitForBuild();
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/bench-server.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), BENCH_STATIC_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
}

/** One row: warm-up, then the timed run; p95 from every response's own time. */
async function measure(origin, { name, path: requestPath }) {
  const headers = { 'accept-encoding': 'br, gzip', 'accept-language': 'fr' };
  const first = await fetch(origin + requestPath, { headers });
  if (first.status !== 200) return { name, path: requestPath, skipped: `answers ${first.status}` };
  await autocannon({ url: origin + requestPath, connections: options.connections, duration: options.warmup, headers });
  const times = [];
  const instance = autocannon({ url: origin + requestPath, connections: options.connections, duration: options.duration, headers });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(`  ${name}: ${Math.round(result.requests.average)} req/s`);
  return { name, path: requestPath, rps: result.requests.average, p50: at(0.5), p95: at(0.95), failures, total: result.requests.total };
}

function table(rows) {
  const lines = ['| page | address | req/s | p50 ms | p95 ms | failed |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  for (const row of rows) {
    lines.push(row.skipped
      ? `| ${row.name} | \`${row.path}\` | ${row.skipped} | | | |`
      : `| ${row.name} | \`${row.path}\` | ${Math.round(row.rps).toLocaleString('en')} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.failures} of ${row.total} |`);
  }
  return lines.join('\n');
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-content-'));
  try {
    await prepareDatabase(dataDir);
    const server = await startServer(dataDir);
    try {
      const now = new Date();
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(now);
      const [year, month] = day.split('-').map(Number);
      const rows = [];
      const scenarios = [
        { name: 'news list', path: '/fr/news' },
        { name: 'news list, page 1,000', path: '/fr/news?pageindex=1000' },
        { name: 'newslist widget (site level, ?culture=, kept)', path: `/widget/news/newslist/0/false/3/${day}?culture=fr` },
        { name: 'calendar widget (site level, ?culture=, kept)', path: `/widget/news/calendar/0/true/3/${month}/${year}?culture=fr` },
        { name: 'FAQ page', path: '/fr/faq' },
      ];
      console.log(`Content benchmark: ${options.posts.toLocaleString('en')} news posts on SQLite, ${options.connections} connections, ${options.duration} s each`);
      for (const scenario of scenarios) rows.push(await measure(server.url, scenario));
      const load = os.loadavg()[0].toFixed(1);
      console.log(`\n${table(rows)}\n\n${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${load} after the run.`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
