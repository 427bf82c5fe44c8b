import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * The stock an order took, warehouse by warehouse (cancelOrder puts exactly this back), and the session
 * that placed an order (a hash of its id: a repeated checkout key answers the order only to it), and the
 * order mails still to send (written with the order, sent after the commit and retried by a sweep).
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
  await withId(db, db.schema.createTable('order_mails'))
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (column) => column.notNull().check(sql`kind in ('Confirmation')`))
    .addColumn('culture', 'varchar(10)', notNull)
    .addColumn('link', 'text', notNull)
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', notNull)
    .addColumn('sent_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('order_mails_due').on('order_mails').columns(['sent_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('order_mails_order').on('order_mails').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_mails').execute();
  await db.schema.dropIndex('orders_state_created').execute();
  await db.schema.alterTable('orders').dropColumn('placed_by').execute();
  await db.schema.dropTable('order_stock').execute();
}
