import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * Popups, banners and info bars as content (server/popups): one row per item, shown between its start
 * and end (epoch ms), in its target cultures ('' = every culture); texts, link and image per culture.
 * The link may name a page or a product by id: no foreign key, so a deleted target leaves the item
 * standing and it renders without that link. version counts edits (the back office's conflict check).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('popups'))
    .addColumn('kind', 'varchar(20)', (column) => column.notNull().check(sql`kind in ('popup', 'banner', 'infobar')`))
    .addColumn('starts_at', 'bigint', notNull)
    .addColumn('ends_at', 'bigint', notNull)
    .addColumn('cultures', 'varchar(60)', (column) => column.notNull().defaultTo(''))
    .addColumn('countdown_end', 'bigint')
    .addColumn('dismissible', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('link_page_id', 'integer')
    .addColumn('link_product_id', 'integer')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('popups_window').on('popups').columns(['kind', 'ends_at', 'starts_at']).execute();

  await db.schema
    .createTable('popup_translations')
    .addColumn('popup_id', 'integer', (column) => column.notNull().references('popups.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('title', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('text', 'varchar(2000)', (column) => column.notNull().defaultTo(''))
    .addColumn('link_url', 'varchar(500)', (column) => column.notNull().defaultTo(''))
    .addColumn('link_label', 'varchar(120)', (column) => column.notNull().defaultTo(''))
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addPrimaryKeyConstraint('popup_translations_pk', ['popup_id', 'culture'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('popup_translations').execute();
  await db.schema.dropTable('popups').execute();
}
