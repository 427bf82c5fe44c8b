import { type Kysely, sql } from 'kysely';
import { withId } from './helpers';

/**
 * Pages composed of widget blocks (server/content): pages gain the publishing columns of
 * server/content/publishing.ts (the pages already seeded become published), and a page is an ordered
 * list of blocks: the structure (type, settings as JSON) shared by every culture, the texts (JSON)
 * per culture.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').addColumn('status', 'varchar(20)', (column) => column.notNull().defaultTo('published')).execute();
  await db.schema.alterTable('pages').addColumn('publish_at', 'bigint').execute();
  await db.schema.alterTable('pages').addColumn('unpublish_at', 'bigint').execute();
  await sql`update pages set status = 'published'`.execute(db);

  await withId(db, db.schema.createTable('page_blocks'))
    .addColumn('page_id', 'integer', (column) => column.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('type', 'varchar(40)', (column) => column.notNull())
    .addColumn('settings', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('page_blocks_page_position').on('page_blocks').columns(['page_id', 'position']).execute();

  await db.schema
    .createTable('page_block_translations')
    .addColumn('block_id', 'integer', (column) => column.notNull().references('page_blocks.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('texts', 'text', (column) => column.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('page_block_translations_pk', ['block_id', 'culture'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_block_translations').execute();
  await db.schema.dropTable('page_blocks').execute();
  for (const column of ['unpublish_at', 'publish_at', 'status']) await db.schema.alterTable('pages').dropColumn(column).execute();
}
