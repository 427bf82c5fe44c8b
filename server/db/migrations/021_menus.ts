import { type Kysely, sql } from 'kysely';
import { withId } from './helpers';

/**
 * Menus as data (server/menus): a menu by its code ('main', 'footer') with a version for the back
 * office's conflict check; its items form a tree (parent_id), each pointing at a catalog category, a
 * content page, a content section, the account, the cart or a URL, optionally inside a start/end window;
 * a label per culture (empty: the target's own name). Supersedes navigation_items (migration 001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('menus'))
    .addColumn('code', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('menu_items'))
    .addColumn('menu_id', 'integer', (column) => column.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (column) => column.references('menu_items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('kind', 'varchar(20)', (column) =>
      column.notNull().check(sql`kind in ('category', 'page', 'news', 'faq', 'projects', 'url', 'account', 'cart')`),
    )
    .addColumn('target_id', 'integer')
    .addColumn('url', 'varchar(500)')
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .execute();
  await db.schema.createIndex('menu_items_menu').on('menu_items').columns(['menu_id', 'parent_id', 'position']).execute();

  await db.schema
    .createTable('menu_item_translations')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('menu_items.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', (column) => column.notNull())
    .addColumn('label', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('menu_item_translations_pk', ['item_id', 'culture'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('menu_item_translations').execute();
  await db.schema.dropTable('menu_items').execute();
  await db.schema.dropTable('menus').execute();
}
