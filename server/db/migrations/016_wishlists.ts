import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Wishlists and birth lists (issue 22): a customer's named lists of variants with a desired quantity,
 * and birth lists (an owner, a child's name and date, an unguessable share token). An order line
 * remembers the birth list it was bought from (order_lines.birth_list_id), so the quantities bought are
 * counted from paid orders.
 */
const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
const references = (table: string) => (column: ColumnDefinitionBuilder) => column.notNull().references(table).onDelete('cascade');

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('wishlists'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('description', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('wishlists_user').on('wishlists').columns(['user_id', 'id']).execute();
  await withId(db, db.schema.createTable('wishlist_items'))
    .addColumn('wishlist_id', 'integer', references('wishlists.id'))
    .addColumn('variant_id', 'integer', references('product_variants.id'))
    .addColumn('quantity', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('wishlist_items_variant').on('wishlist_items').columns(['wishlist_id', 'variant_id']).unique().execute();

  await withId(db, db.schema.createTable('birth_lists'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('token', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('child_name', 'varchar(100)', notNull)
    .addColumn('birth_date', 'varchar(10)', notNull)
    .addColumn('message', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('birth_lists_user').on('birth_lists').columns(['user_id', 'id']).execute();
  await withId(db, db.schema.createTable('birth_list_items'))
    .addColumn('birth_list_id', 'integer', references('birth_lists.id'))
    .addColumn('variant_id', 'integer', references('product_variants.id'))
    .addColumn('quantity', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('birth_list_items_variant').on('birth_list_items').columns(['birth_list_id', 'variant_id']).unique().execute();

  // No foreign key: an order keeps its lines as they were sold, even when the birth list is deleted.
  await db.schema.alterTable('order_lines').addColumn('birth_list_id', 'integer').execute();
  await db.schema.createIndex('order_lines_birth_list').on('order_lines').columns(['birth_list_id', 'variant_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_lines_birth_list').execute();
  await db.schema.alterTable('order_lines').dropColumn('birth_list_id').execute();
  for (const table of ['birth_list_items', 'birth_lists', 'wishlist_items', 'wishlists']) await db.schema.dropTable(table).execute();
}
