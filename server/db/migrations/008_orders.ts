import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
const text = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo('');
const cents = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(0);
const references = (table: string) => (column: ColumnDefinitionBuilder) => column.notNull().references(table).onDelete('cascade');

async function index(db: Kysely<unknown>, name: string, table: string, columns: string[], unique = false) {
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  await (unique ? builder.unique() : builder).execute();
}

/**
 * Addresses, orders, order lines and the order state history. country_id points at `countries`
 * (migration 006) without a foreign key: an order keeps its address snapshot even if a country goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('addresses'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('type', 'varchar(10)', (column) => column.notNull().check(sql`type in ('Billing', 'Shipping', 'Both')`))
    .addColumn('first_name', 'varchar(100)', notNull)
    .addColumn('last_name', 'varchar(100)', notNull)
    .addColumn('company', 'varchar(200)', text)
    .addColumn('street1', 'varchar(200)', notNull)
    .addColumn('street2', 'varchar(200)', text)
    .addColumn('postal_code', 'varchar(20)', notNull)
    .addColumn('city', 'varchar(100)', notNull)
    .addColumn('country_id', 'integer', notNull)
    .addColumn('phone', 'varchar(40)', text)
    .addColumn('vat_number', 'varchar(40)', text)
    .addColumn('account_type', 'varchar(10)', (column) => column.notNull().defaultTo('Private'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'addresses_user', 'addresses', ['user_id']);

  await withId(db, db.schema.createTable('orders'))
    .addColumn('number', 'varchar(60)', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('email', 'varchar(320)', notNull)
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('rate_ppm', 'bigint', (column) => column.notNull().defaultTo(1_000_000))
    .addColumn('subtotal_incl_cents', 'integer', cents)
    .addColumn('subtotal_excl_cents', 'integer', cents)
    .addColumn('shipping_incl_cents', 'integer', cents)
    .addColumn('shipping_excl_cents', 'integer', cents)
    .addColumn('discount_incl_cents', 'integer', cents)
    .addColumn('discount_excl_cents', 'integer', cents)
    .addColumn('tax_cents', 'integer', cents)
    .addColumn('total_incl_cents', 'integer', cents)
    .addColumn('total_excl_cents', 'integer', cents)
    .addColumn('taxes', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('coupon_code', 'varchar(100)')
    .addColumn('shipping_method_id', 'integer')
    .addColumn('payment_method', 'varchar(20)', (column) => column.notNull().check(sql`payment_method in ('BankTransfer', 'Card')`))
    .addColumn('reverse_charge', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('vat_number', 'varchar(40)', text)
    .addColumn('billing_address', 'text', notNull)
    .addColumn('shipping_address', 'text', notNull)
    .addColumn('pickup_point', 'text')
    .addColumn('idempotency_key', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'orders_user', 'orders', ['user_id']);

  await withId(db, db.schema.createTable('order_lines'))
    .addColumn('order_id', 'integer', references('orders.id'))
    .addColumn('variant_id', 'integer', notNull)
    .addColumn('sku', 'varchar(100)', notNull)
    .addColumn('name', 'varchar(300)', notNull)
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
    .addColumn('unit_incl_cents', 'integer', notNull)
    .addColumn('unit_excl_cents', 'integer', notNull)
    .addColumn('total_incl_cents', 'integer', notNull)
    .addColumn('total_excl_cents', 'integer', notNull)
    .addColumn('tax_rate_bp', 'integer', notNull)
    .execute();
  await index(db, 'order_lines_order', 'order_lines', ['order_id']);

  await withId(db, db.schema.createTable('order_state_history'))
    .addColumn('order_id', 'integer', references('orders.id'))
    .addColumn('from_state', 'varchar(20)')
    .addColumn('to_state', 'varchar(20)', notNull)
    .addColumn('note', 'text', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await index(db, 'order_state_history_order', 'order_state_history', ['order_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_state_history', 'order_lines', 'orders', 'addresses']) await db.schema.dropTable(table).execute();
}
