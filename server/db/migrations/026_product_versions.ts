import type { Kysely } from 'kysely';

/**
 * Products become editable in the back office (server/catalog/admin-routes.ts: variant prices): each
 * product gets `version` (optimistic concurrency, server/backoffice/revisions.ts), as migration 019 gave
 * the content tables. A constant default, so adding it to 100,000 rows rewrites none on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('version', 'integer', (column) => column.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('version').execute();
}
