import type { Kysely } from 'kysely';
import { withId } from './helpers';

/** The content tables the back office edits: each carries a version for optimistic concurrency. */
export const versionedTables = ['pages', 'news_posts', 'news_categories', 'faq_categories', 'faq_entries', 'projects', 'project_categories'] as const;

/**
 * The back office (server/backoffice): a version on every edited content table (a save names the
 * version it started from; a stale one is a conflict, not an overwrite), and the revisions of each
 * item: a JSON snapshot of it with all its translations (and blocks) as saved at each version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of versionedTables) {
    await db.schema.alterTable(table).addColumn('version', 'integer', (column) => column.notNull().defaultTo(1)).execute();
  }
  await withId(db, db.schema.createTable('revisions'))
    .addColumn('entity', 'varchar(60)', (column) => column.notNull())
    .addColumn('entity_id', 'integer', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('snapshot', 'text', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('revisions_entity').on('revisions').columns(['entity', 'entity_id', 'version']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('revisions').execute();
  for (const table of versionedTables) await db.schema.alterTable(table).dropColumn('version').execute();
}
