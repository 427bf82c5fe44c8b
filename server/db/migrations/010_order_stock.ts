import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * The stock an order took, warehouse by warehouse (cancelOrder puts exactly this back), and the session
 * that placed an order (a hash of its id: a repeated checkout key answers the order only to it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_stock')
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', notNull)
    .addColumn('warehouse_id', 'integer', notNull)
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('order_stock_pk', ['order_id', 'variant_id', 'warehouse_id'])
    .execute();
  await db.schema.alterTable('orders').addColumn('placed_by', 'varchar(64)', (column) => column.notNull().defaultTo('')).execute();
  await db.schema.createIndex('orders_state_created').on('orders').columns(['state', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_state_created').execute();
  await db.schema.alterTable('orders').dropColumn('placed_by').execute();
  await db.schema.dropTable('order_stock').execute();
}
