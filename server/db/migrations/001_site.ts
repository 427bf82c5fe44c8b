import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(100)', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();

  await withId(db, db.schema.createTable('pages'))
    .addColumn('page_key', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('is_home', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('page_translations')
    .addColumn('page_id', 'integer', (column) => column.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('slug', 'varchar(200)', (column) => column.notNull())
    .addColumn('title', 'varchar(300)', (column) => column.notNull())
    .addColumn('summary', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('body_html', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('page_translations_pk', ['page_id', 'culture'])
    .addUniqueConstraint('page_translations_slug_unique', ['culture', 'slug'])
    .execute();

  await withId(db, db.schema.createTable('navigation_items'))
    .addColumn('parent_id', 'integer', (column) => column.references('navigation_items.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (column) => column.references('pages.id').onDelete('set null'))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('navigation_item_translations')
    .addColumn('item_id', 'integer', (column) =>
      column.notNull().references('navigation_items.id').onDelete('cascade'),
    )
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('label', 'varchar(200)', (column) => column.notNull())
    .addColumn('url', 'varchar(500)')
    .addPrimaryKeyConstraint('navigation_item_translations_pk', ['item_id', 'culture'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'navigation_item_translations', 'navigation_items', 'page_translations', 'pages', 'site_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
