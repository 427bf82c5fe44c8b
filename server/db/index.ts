import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function createDb(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): DbHandle {
  if (config.DATABASE_URL) return createPostgres(config.DATABASE_URL);
  return createSqlite(path.join(config.DATA_DIR, 'storefront.sqlite'));
}

/**
 * Kysely asks better-sqlite3 to prepare every query anew (about 5% of a page's CPU); the same SQL text
 * gets the same statement back instead. A statement still being iterated is never handed out twice.
 */
function keepPreparedStatements(database: SQLite.Database): void {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    const kept = statements.get(source);
    if (kept && !kept.busy) return kept;
    if (statements.size >= 2000) statements.clear();
    const statement = prepare(source);
    statements.set(source, statement);
    return statement;
  }) as typeof database.prepare;
}

function createSqlite(file: string): DbHandle {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  keepPreparedStatements(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

function createPostgres(connectionString: string): DbHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
