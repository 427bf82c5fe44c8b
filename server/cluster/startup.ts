import { sql } from 'kysely';
import type { Db, DialectName } from '../db';

/** Our advisory locks' first key (the second is the schema's), so no other application's lock meets ours. */
const STARTUP_LOCK_CLASS = 0x5f_0b_17;

/**
 * Runs the migrations and the first seed of a shared PostgreSQL database one instance at a time: N
 * instances started together would otherwise all find the database empty and seed it N times. The lock
 * is per schema and belongs to one connection, so an instance killed while it holds it releases it.
 * SQLite is one process's own file: nothing to wait for.
 */
export async function underStartupLock<T>(db: Db, dialect: DialectName, work: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_CLASS}, hashtext(current_schema()))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_CLASS}, hashtext(current_schema()))`.execute(connection);
    }
  });
}
