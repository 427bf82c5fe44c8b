import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { createDb, type DbHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import { connectRedis, type RedisClient } from '../../server/http/redis';
import { createLogger, type Logger } from '../../server/logger';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  config: Config;
  db: DbHandle['db'];
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: a temporary SQLite file by default, or
 * a schema of its own on the PostgreSQL server named by DATABASE_URL (how CI runs the suite again).
 */
export async function createTestApp(env: Record<string, string> = {}, options: { logger?: Logger } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
  const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : null;
  if (schema) await createSchema(process.env.DATABASE_URL!, schema);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(schema ? { DATABASE_URL: withSearchPath(process.env.DATABASE_URL!, schema) } : {}),
    ...env,
  });
  const handle = createDb(config);
  let redis: RedisClient | null = null;
  const close = async () => {
    await redis?.close();
    await handle.destroy();
    if (schema) await dropTestSchema(process.env.DATABASE_URL!, schema);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateTestDb(handle.db);
    await seedIfEmpty(handle.db);
    const logger = options.logger ?? createLogger(config);
    if (config.REDIS_URL) redis = await connectRedis(config.REDIS_URL, logger);
    const app = createApp({ config, db: handle.db, dialect: handle.dialect, logger, redis });
    return { app, config, db: handle.db, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** The app listening on a random loopback port, for browser tests and the budget check. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestApp & { url: string }> {
  const testApp = await createTestApp(env);
  const server = testApp.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...testApp,
    url: `http://127.0.0.1:${port}${testApp.config.BASE_PATH}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await testApp.close();
    },
  };
}

function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function createSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
}

/**
 * Test files run side by side (two jest workers), each on a schema of its own on one PostgreSQL server.
 * Kysely's migrator looks for its table across every schema of the server (its introspection reads the
 * columns of all of them), and a schema another file drops at that moment fails it ("schema test_… does
 * not exist"). So a migration holds this lock shared, a drop holds it alone: drops wait for migrations.
 */
const SCHEMA_DROP_LOCK = 0x5f_0b_18;

/** Runs `work` while holding the schema-drop lock (shared, or alone), on a connection of its own. */
async function underSchemaDropLock<T>(url: string, mode: 'shared' | 'alone', work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
    return await work(client);
  } finally {
    await client.end(); // the session's end releases the lock
  }
}

/** Migrates a test database; on PostgreSQL (DATABASE_URL) under the schema-drop lock, shared. */
export function migrateTestDb(db: Parameters<typeof migrateToLatest>[0]): ReturnType<typeof migrateToLatest> {
  const url = process.env.DATABASE_URL;
  return url ? underSchemaDropLock(url, 'shared', () => migrateToLatest(db)) : migrateToLatest(db);
}

/** Drops a test schema once no other test file is migrating (see SCHEMA_DROP_LOCK). */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  await underSchemaDropLock(url, 'alone', (client) => client.query(`drop schema ${schema} cascade`));
}

/** A test app for the enclosing file or describe block: created before its tests, closed after them. */
export function useTestApp(env: Record<string, string> = {}, options: { logger?: Logger } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, options);
  });
  afterAll(() => current?.close());
  const started = (): TestApp => {
    if (!current) throw new Error('The test app starts in beforeAll; use it inside a test or hook.');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get db() {
      return started().db;
    },
    close: () => started().close(),
  };
}

/**
 * The file's test app listening on one loopback port for its tests, so every request names the same
 * Host (supertest gives a bare app a new port each time, and kept pages are keyed by their origin).
 */
export function useListeningServer(testApp: TestApp): () => Server {
  let server: Server;
  beforeAll(async () => {
    server = testApp.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return () => server;
}
