import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
const text = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo('');

async function index(db: Kysely<unknown>, name: string, table: string, columns: string[], unique = false) {
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  await (unique ? builder.unique() : builder).execute();
}

/**
 * Payments, payment notifications and pickup points. `payments.order_id` references `orders.id`
 * (migration 008 creates orders first); an order with payments cannot be deleted (no cascade: a payment
 * row is a record of money). At most one payment of an order is Pending at a time (a partial unique
 * index): a new session for an order that has a pending one hands that one back, also when raced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('payments'))
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id'))
    .addColumn('provider', 'varchar(40)', notNull)
    .addColumn('session_id', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('idempotency_key', 'varchar(200)', (column) => column.notNull().unique())
    .addColumn('amount_cents', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('psp_reference', 'varchar(100)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'payments_order', 'payments', ['order_id']);
  await db.schema.createIndex('payments_one_pending').on('payments').column('order_id').unique().where(sql.ref('state'), '=', 'Pending').execute();
  await index(db, 'payments_psp_reference', 'payments', ['psp_reference']);

  await withId(db, db.schema.createTable('payment_notifications'))
    .addColumn('provider', 'varchar(40)', notNull)
    .addColumn('psp_reference', 'varchar(100)', notNull)
    .addColumn('event_code', 'varchar(40)', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('received_at', 'bigint', notNull)
    .addColumn('processed_at', 'bigint')
    .addUniqueConstraint('payment_notifications_event', ['provider', 'psp_reference', 'event_code'])
    .execute();

  await withId(db, db.schema.createTable('pickup_points'))
    .addColumn('carrier', 'varchar(40)', (column) => column.notNull().defaultTo('static'))
    .addColumn('public_access_point_id', 'varchar(60)', notNull)
    .addColumn('consignee_name', 'varchar(200)', notNull)
    .addColumn('address', 'varchar(300)', notNull)
    .addColumn('post_code', 'varchar(20)', notNull)
    .addColumn('city', 'varchar(120)', notNull)
    .addColumn('country_id', 'varchar(2)', notNull)
    .addColumn('phone_number', 'varchar(40)', text)
    // Micro-degrees (integer): exact on both databases, no float column.
    .addColumn('latitude', 'integer', notNull)
    .addColumn('longitude', 'integer', notNull)
    .addColumn('image_url', 'varchar(500)', text)
    .addColumn('comments', 'text', text)
    .addColumn('standard_hours_of_operation', 'text', text)
    .addColumn('informations', 'text', text)
    .addColumn('latest_air_drop_off_time', 'varchar(20)', text)
    .addColumn('additional_charge_indicator', 'varchar(20)', text)
    .addColumn('special_instructions', 'text', text)
    .addColumn('additional_comments', 'text', text)
    .addColumn('pickup_point_type', 'varchar(40)', text)
    .addUniqueConstraint('pickup_points_public_id', ['carrier', 'public_access_point_id'])
    .execute();
  await index(db, 'pickup_points_country', 'pickup_points', ['carrier', 'country_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pickup_points').ifExists().execute();
  await db.schema.dropTable('payment_notifications').ifExists().execute();
  await db.schema.dropTable('payments').ifExists().execute();
}
