import type { CreateTableBuilder, Kysely } from 'kysely';

/** The dialect a migration runs on, read from the adapter so one migration serves both databases. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/** An auto-numbered primary key: serial on PostgreSQL, integer autoincrement on SQLite. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

