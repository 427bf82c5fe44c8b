import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
const references = (table: string) => (column: ColumnDefinitionBuilder) => column.notNull().references(table).onDelete('cascade');

async function index(db: Kysely<unknown>, name: string, table: string, columns: string[], unique = false) {
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  await (unique ? builder.unique() : builder).execute();
}

async function reference(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('countries'))
    .addColumn('code', 'varchar(2)', (column) => column.notNull().unique())
    // Standard VAT rate in basis points: 2000 = 20 %.
    .addColumn('vat_rate_bp', 'integer', notNull)
    .addColumn('is_eu', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('country_translations')
    .addColumn('country_id', 'integer', references('countries.id'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addPrimaryKeyConstraint('country_translations_pk', ['country_id', 'culture'])
    .execute();

  await withId(db, db.schema.createTable('shipping_methods'))
    .addColumn('code', 'varchar(50)', (column) => column.notNull().unique())
    .addColumn('carrier', 'varchar(30)', (column) => column.notNull().defaultTo('none'))
    .addColumn('price_incl_cents', 'integer', notNull)
    .addColumn('price_excl_cents', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('free_from_cents', 'integer')
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('shipping_method_translations')
    .addColumn('shipping_method_id', 'integer', references('shipping_methods.id'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('shipping_method_translations_pk', ['shipping_method_id', 'culture'])
    .execute();
  await db.schema
    .createTable('shipping_method_countries')
    .addColumn('shipping_method_id', 'integer', references('shipping_methods.id'))
    .addColumn('country_id', 'integer', references('countries.id'))
    .addPrimaryKeyConstraint('shipping_method_countries_pk', ['country_id', 'shipping_method_id'])
    .execute();

  await withId(db, db.schema.createTable('cities'))
    .addColumn('country_id', 'integer', references('countries.id'))
    .addColumn('postal_code', 'varchar(20)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .execute();
  await index(db, 'cities_country_name', 'cities', ['country_id', 'name']);
  await index(db, 'cities_country_postal_code', 'cities', ['country_id', 'postal_code']);
}

async function carts(db: Kysely<unknown>): Promise<void> {
  const country = (column: ColumnDefinitionBuilder) => column.references('countries.id').onDelete('set null');
  await withId(db, db.schema.createTable('carts'))
    .addColumn('token', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('currency', 'varchar(3)', (column) => column.notNull().defaultTo('EUR'))
    .addColumn('shipping_country_id', 'integer', country)
    .addColumn('billing_country_id', 'integer', country)
    .addColumn('city_id', 'integer', (column) => column.references('cities.id').onDelete('set null'))
    .addColumn('shipping_method_id', 'integer', (column) => column.references('shipping_methods.id').onDelete('set null'))
    .addColumn('coupon_code', 'varchar(100)')
    // The saved-pickup-point payload (JSON text), written by the pickup helper through setCartPickupPoint.
    .addColumn('pickup_point', 'text')
    .addColumn('vat_number', 'varchar(50)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'carts_user', 'carts', ['user_id']);

  await withId(db, db.schema.createTable('cart_items'))
    .addColumn('cart_id', 'integer', references('carts.id'))
    .addColumn('variant_id', 'integer', references('product_variants.id'))
    .addColumn('quantity', 'integer', notNull)
    .addColumn('origin', 'varchar(50)', (column) => column.notNull().defaultTo('Catalog'))
    // '' when the line has no key: a NULL would let the unique constraint below admit duplicates.
    .addColumn('item_key', 'varchar(100)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('cart_items_once', ['cart_id', 'variant_id', 'item_key'])
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await reference(db);
  await carts(db);
}

const tables = [
  'cart_items', 'carts', 'cities', 'shipping_method_countries', 'shipping_method_translations', 'shipping_methods',
  'country_translations', 'countries',
];

/** Carts, cart items and the sales reference data (countries and VAT rates, shipping methods, cities). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
