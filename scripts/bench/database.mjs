// The bench's database: a seeded copy kept under os.tmpdir() per seed version (seed code, migrations
// and product count), so only the first run pays for seeding. SQLite: each run works on a fresh copy
// of the kept file. PostgreSQL (DATABASE_URL): a schema per seed version, reused across runs.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const cacheRoot = path.join(os.tmpdir(), 'storefront-bench');

/** A hash of everything that shapes the seeded data. */
function seedVersion(root, products) {
  const hash = createHash('sha256').update(String(products));
  const folders = [path.join(root, 'server/db/seed'), path.join(root, 'server/db/migrations')];
  for (const folder of folders) {
    for (const file of readdirSync(folder).sort()) hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

function withSearchPath(url, schema) {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function sqliteDatabase({ root, products, run, version }) {
  const kept = path.join(cacheRoot, `sqlite-${products}-${version}`);
  if (!existsSync(path.join(kept, 'storefront.sqlite'))) {
    // Older seed versions of the same size are of no further use.
    for (const old of readdirSync(cacheRoot)) if (old.startsWith(`sqlite-${products}-`)) rmSync(path.join(cacheRoot, old), { recursive: true, force: true });
    const partial = `${kept}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    console.log(`Seeding ${products.toLocaleString('en')} products into ${kept} (once per seed version) …`);
    await run(path.join(root, 'node_modules/.bin/tsx'), ['server/db/cli.ts', 'seed', '--products', String(products)], { DATA_DIR: partial, DATABASE_URL: '' });
    renameSync(partial, kept);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-run-'));
  copyFileSync(path.join(kept, 'storefront.sqlite'), path.join(dataDir, 'storefront.sqlite'));
  return {
    name: 'SQLite',
    cacheDir: cacheRoot,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    file: path.join(dataDir, 'storefront.sqlite'),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresDatabase({ root, products, run, version }) {
  const server = process.env.DATABASE_URL;
  const schema = `bench_${products}_${version}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    const seeded = await client
      .query(`select count(*)::int as n from ${schema}.products`)
      .then((result) => result.rows[0].n === products)
      .catch(() => false);
    if (!seeded) {
      const old = await client.query(`select nspname from pg_namespace where nspname like $1`, [`bench\\_${products}\\_%`]);
      for (const { nspname } of old.rows) await client.query(`drop schema ${nspname} cascade`);
      await client.query(`create schema ${schema}`);
      console.log(`Seeding ${products.toLocaleString('en')} products into PostgreSQL schema ${schema} (once per seed version) …`);
      const seedDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-seed-'));
      await run(path.join(root, 'node_modules/.bin/tsx'), ['server/db/cli.ts', 'seed', '--products', String(products)], {
        DATA_DIR: seedDir,
        DATABASE_URL: withSearchPath(server, schema),
      });
      rmSync(seedDir, { recursive: true, force: true });
      await client.query(`analyze`);
    }
  } finally {
    await client.end();
  }
  mkdirSync(cacheRoot, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-run-'));
  return {
    name: 'PostgreSQL',
    cacheDir: cacheRoot,
    env: { DATA_DIR: dataDir, DATABASE_URL: withSearchPath(server, schema) },
    url: withSearchPath(server, schema),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function prepareDatabase({ root, products, run }) {
  const version = seedVersion(root, products);
  mkdirSync(cacheRoot, { recursive: true });
  return process.env.DATABASE_URL ? postgresDatabase({ root, products, run, version }) : sqliteDatabase({ root, products, run, version });
}

/** One read-only query against the bench database, whichever it is. */
export async function queryBench(database, text, parameters = []) {
  if (database.file) {
    const { default: SQLite } = await import('better-sqlite3');
    const sqlite = new SQLite(database.file, { readonly: true });
    try {
      return sqlite.prepare(text.replace(/\$\d+/g, '?')).all(...parameters);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, parameters)).rows;
  } finally {
    await client.end();
  }
}
