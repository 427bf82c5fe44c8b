import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * Refund requests (a customer asks back part of a paid order, line by line; staff accept, refuse and
 * refund) and the audit log: who did what to which entity, its state before and after as JSON, when
 * (every staff action for a customer; the back office reuses it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('refund_requests'))
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(20)', (column) => column.notNull().check(sql`state in ('Requested', 'Accepted', 'Refused', 'Refunded')`))
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('amount_cents', 'integer', (column) => column.notNull().check(sql`amount_cents > 0`))
    .addColumn('refunded_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .addColumn('staff_note', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('refund_requests_order').on('refund_requests').columns(['order_id']).execute();
  await db.schema.createIndex('refund_requests_user').on('refund_requests').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('refund_requests_state').on('refund_requests').columns(['state', 'id']).execute();

  await withId(db, db.schema.createTable('refund_request_lines'))
    .addColumn('request_id', 'integer', (column) => column.notNull().references('refund_requests.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (column) => column.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
    .addColumn('unit_incl_cents', 'integer', notNull)
    .addColumn('amount_cents', 'integer', notNull)
    .execute();
  await db.schema.createIndex('refund_request_lines_request').on('refund_request_lines').columns(['request_id']).execute();
  await db.schema.createIndex('refund_request_lines_line').on('refund_request_lines').columns(['order_line_id']).execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(60)', notNull)
    .addColumn('entity', 'varchar(60)', notNull)
    .addColumn('entity_id', 'varchar(60)', notNull)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('refund_request_lines').execute();
  await db.schema.dropTable('refund_requests').execute();
}
