import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * Prepaid accounts and their ledger. An account belongs to a customer and is topped up by buying its
 * prepaid product (a catalog variant); balance_cents is the running sum of its movements, kept on the
 * row so that a payment is one conditional UPDATE (never below zero: the check is the last guard).
 * A movement of an order is recorded once per kind (unique account, order, kind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('prepaid_accounts'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (column) => column.notNull().references('product_variants.id'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('balance_cents', 'integer', (column) => column.notNull().defaultTo(0).check(sql`balance_cents >= 0`))
    .addColumn('notify', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('low_balance_cents', 'integer', (column) => column.notNull().defaultTo(1000))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('prepaid_accounts_user_variant').on('prepaid_accounts').columns(['user_id', 'variant_id']).unique().execute();

  await withId(db, db.schema.createTable('prepaid_movements'))
    .addColumn('account_id', 'integer', (column) => column.notNull().references('prepaid_accounts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (column) => column.notNull().check(sql`kind in ('TopUp', 'Payment', 'Refund')`))
    .addColumn('amount_cents', 'integer', notNull)
    .addColumn('balance_after_cents', 'integer', notNull)
    .addColumn('order_id', 'integer', (column) => column.references('orders.id').onDelete('set null'))
    .addColumn('note', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('prepaid_movements_account').on('prepaid_movements').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('prepaid_movements_once').on('prepaid_movements').columns(['account_id', 'order_id', 'kind']).unique().where(sql<boolean>`kind <> 'Refund'`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prepaid_movements').execute();
  await db.schema.dropTable('prepaid_accounts').execute();
}
