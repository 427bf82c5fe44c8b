import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * FAQ (server/faq): categories and their entries, each translated per culture (a category's slug, an
 * entry's anchor), with a status and a publish window (server/content/publishing.ts) and a position.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('faq_categories'))
    .addColumn('status', 'varchar(20)', (column) => column.notNull().defaultTo('draft'))
    .addColumn('publish_at', 'bigint')
    .addColumn('unpublish_at', 'bigint')
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('faq_category_translations')
    .addColumn('category_id', 'integer', (column) => column.notNull().references('faq_categories.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('slug', 'varchar(120)', (column) => column.notNull())
    .addColumn('title', 'varchar(200)', (column) => column.notNull())
    .addPrimaryKeyConstraint('faq_category_translations_pk', ['category_id', 'culture'])
    .addUniqueConstraint('faq_category_translations_slug', ['culture', 'slug'])
    .execute();
  await withId(db, db.schema.createTable('faq_entries'))
    .addColumn('category_id', 'integer', (column) => column.notNull().references('faq_categories.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (column) => column.notNull().defaultTo('draft'))
    .addColumn('publish_at', 'bigint')
    .addColumn('unpublish_at', 'bigint')
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('faq_entries_category').on('faq_entries').columns(['category_id', 'position']).execute();
  await db.schema
    .createTable('faq_entry_translations')
    .addColumn('entry_id', 'integer', (column) => column.notNull().references('faq_entries.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('anchor', 'varchar(120)', (column) => column.notNull())
    .addColumn('question', 'varchar(300)', (column) => column.notNull())
    .addColumn('answer_html', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('faq_entry_translations_pk', ['entry_id', 'culture'])
    .addUniqueConstraint('faq_entry_translations_anchor', ['culture', 'anchor'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('faq_entry_translations').execute();
  await db.schema.dropTable('faq_entries').execute();
  await db.schema.dropTable('faq_category_translations').execute();
  await db.schema.dropTable('faq_categories').execute();
}
