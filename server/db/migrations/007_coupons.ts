import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * Coupons, their redemptions, and currencies with their rates.
 * Money is integer: a currency's rate is units per 1 EUR × 1,000,000 (rate_ppm), a percentage coupon's
 * value is basis points (1000 = 10 %), an amount coupon's value is cents in its own currency.
 * used_count never goes past usage_limit whatever the code above does (redeemCoupon relies on the
 * conditional update; the check is the database's last word).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'varchar(3)', (column) => column.primaryKey())
    .addColumn('rate_ppm', 'integer', (column) => column.notNull().check(sql`rate_ppm > 0`))
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('coupons'))
    .addColumn('code', 'varchar(50)', (column) => column.notNull().unique())
    .addColumn('kind', 'varchar(10)', (column) => column.notNull().check(sql`kind in ('Percent', 'Amount')`))
    .addColumn('value', 'integer', (column) => column.notNull().check(sql`value > 0`))
    .addColumn('currency', 'varchar(3)', (column) => column.notNull().defaultTo('EUR'))
    .addColumn('min_order_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('valid_from', 'bigint')
    .addColumn('valid_until', 'bigint')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('used_count', 'integer', (column) =>
      column.notNull().defaultTo(0).check(sql`used_count >= 0 and (usage_limit is null or used_count <= usage_limit)`),
    )
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('coupons_user').on('coupons').column('user_id').execute();

  // The chooser's legend per culture.
  await db.schema
    .createTable('coupon_translations')
    .addColumn('coupon_id', 'integer', (column) => column.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('label', 'varchar(300)', notNull)
    .addPrimaryKeyConstraint('coupon_translations_pk', ['coupon_id', 'culture'])
    .execute();

  // order_id points at orders (migration 008, later): no foreign key here, the order's transaction writes both.
  await withId(db, db.schema.createTable('coupon_redemptions'))
    .addColumn('coupon_id', 'integer', (column) => column.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', notNull)
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('email', 'varchar(320)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('coupon_redemptions_once_per_order', ['coupon_id', 'order_id'])
    .execute();
  await db.schema.createIndex('coupon_redemptions_user').on('coupon_redemptions').columns(['coupon_id', 'user_id']).execute();
  await db.schema.createIndex('coupon_redemptions_email').on('coupon_redemptions').columns(['coupon_id', 'email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['coupon_redemptions', 'coupon_translations', 'coupons', 'currencies']) await db.schema.dropTable(table).execute();
}
