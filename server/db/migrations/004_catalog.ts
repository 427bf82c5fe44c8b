import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
const references = (table: string) => (column: ColumnDefinitionBuilder) => column.notNull().references(table).onDelete('cascade');

async function index(db: Kysely<unknown>, name: string, table: string, columns: string[], unique = false) {
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  await (unique ? builder.unique() : builder).execute();
}

async function assetsAndTree(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('assets'))
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(100)', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('categories'))
    .addColumn('parent_id', 'integer', (column) => column.references('categories.id').onDelete('cascade'))
    .addColumn('depth', 'integer', notNull)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('category_translations')
    .addColumn('category_id', 'integer', references('categories.id'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('slug', 'varchar(200)', notNull)
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('category_translations_pk', ['category_id', 'culture'])
    .execute();

  await withId(db, db.schema.createTable('brands'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('slug', 'varchar(200)', (column) => column.notNull().unique())
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

async function products(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('products'))
    .addColumn('reference', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('brand_id', 'integer', (column) => column.references('brands.id').onDelete('set null'))
    .addColumn('category_id', 'integer', (column) => column.notNull().references('categories.id'))
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('price_from_cents', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('min_qty', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('max_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('step_qty', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('available_until', 'bigint')
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await index(db, 'products_brand', 'products', ['brand_id']);
  await index(db, 'products_price', 'products', ['price_from_cents']);

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('category_id', 'integer', references('categories.id'))
    .addPrimaryKeyConstraint('product_categories_pk', ['category_id', 'product_id'])
    .execute();
  // Covering (product, category): the tag page counts tagged products per category without reading the table.
  await index(db, 'product_categories_product', 'product_categories', ['product_id', 'category_id']);

  await db.schema
    .createTable('product_translations')
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('name', 'varchar(300)', notNull)
    .addColumn('slug', 'varchar(300)', notNull)
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('product_translations_pk', ['product_id', 'culture'])
    .execute();
  await index(db, 'product_translations_culture_name', 'product_translations', ['culture', 'name']);
}

async function attributes(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('attributes'))
    .addColumn('code', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('display_type', 'varchar(20)', notNull)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('is_filterable', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('attribute_translations')
    .addColumn('attribute_id', 'integer', references('attributes.id'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addPrimaryKeyConstraint('attribute_translations_pk', ['attribute_id', 'culture'])
    .execute();
  await withId(db, db.schema.createTable('attribute_values'))
    .addColumn('attribute_id', 'integer', references('attributes.id'))
    .addColumn('code', 'varchar(100)', notNull)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('color_code1', 'varchar(20)')
    .addColumn('color_code2', 'varchar(20)')
    .addColumn('color_code3', 'varchar(20)')
    .execute();
  await index(db, 'attribute_values_attribute', 'attribute_values', ['attribute_id']);
  await db.schema
    .createTable('attribute_value_translations')
    .addColumn('value_id', 'integer', references('attribute_values.id'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('display_value', 'varchar(200)', notNull)
    .addPrimaryKeyConstraint('attribute_value_translations_pk', ['value_id', 'culture'])
    .execute();
  await db.schema
    .createTable('product_variation_attributes')
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('attribute_id', 'integer', references('attributes.id'))
    .addPrimaryKeyConstraint('product_variation_attributes_pk', ['product_id', 'position'])
    .execute();
  await db.schema
    .createTable('product_attribute_values')
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('attribute_id', 'integer', references('attributes.id'))
    .addColumn('value_id', 'integer', references('attribute_values.id'))
    .addPrimaryKeyConstraint('product_attribute_values_pk', ['value_id', 'product_id'])
    .execute();
}

async function variantsAndStock(db: Kysely<unknown>): Promise<void> {
  const value = (column: ColumnDefinitionBuilder) => column.references('attribute_values.id');
  await withId(db, db.schema.createTable('product_variants'))
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('sku', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('value_id1', 'integer', value)
    .addColumn('value_id2', 'integer', value)
    .addColumn('value_id3', 'integer', value)
    .addColumn('price_incl_cents', 'integer', notNull)
    .addColumn('price_excl_cents', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('stock_mode', 'varchar(20)', (column) => column.notNull().defaultTo('Managed'))
    .addColumn('low_stock_threshold', 'integer', (column) => column.notNull().defaultTo(5))
    .addColumn('is_default', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await index(db, 'product_variants_product', 'product_variants', ['product_id']);

  await db.schema
    .createTable('tier_prices')
    .addColumn('variant_id', 'integer', references('product_variants.id'))
    .addColumn('min_quantity', 'integer', notNull)
    .addColumn('price_incl_cents', 'integer', notNull)
    .addColumn('price_excl_cents', 'integer', notNull)
    .addPrimaryKeyConstraint('tier_prices_pk', ['variant_id', 'min_quantity'])
    .execute();

  await withId(db, db.schema.createTable('warehouses'))
    .addColumn('code', 'varchar(50)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('variant_stock')
    .addColumn('variant_id', 'integer', references('product_variants.id'))
    .addColumn('warehouse_id', 'integer', references('warehouses.id'))
    .addColumn('quantity', 'integer', (column) => column.notNull().defaultTo(0).check(sql`quantity >= 0`))
    // Stock never goes below zero, whatever the code above it does (checkout relies on it).
    .addPrimaryKeyConstraint('variant_stock_pk', ['variant_id', 'warehouse_id'])
    .execute();
}

async function around(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('product_images'))
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('value_id', 'integer', (column) => column.references('attribute_values.id'))
    .addColumn('asset_id', 'integer', references('assets.id'))
    .addColumn('kind', 'varchar(10)', (column) => column.notNull().defaultTo('photo'))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await index(db, 'product_images_product', 'product_images', ['product_id']);

  await db.schema
    .createTable('product_associations')
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('associated_product_id', 'integer', references('products.id'))
    .addColumn('kind', 'varchar(30)', notNull)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_associations_pk', ['product_id', 'associated_product_id', 'kind'])
    .execute();

  await withId(db, db.schema.createTable('tags')).addColumn('code', 'varchar(100)', (column) => column.notNull().unique()).execute();
  await db.schema
    .createTable('tag_translations')
    .addColumn('tag_id', 'integer', references('tags.id'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('slug', 'varchar(200)', notNull)
    .addPrimaryKeyConstraint('tag_translations_pk', ['tag_id', 'culture'])
    .execute();
  await index(db, 'tag_translations_slug', 'tag_translations', ['culture', 'slug'], true);
  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('tag_id', 'integer', references('tags.id'))
    .addPrimaryKeyConstraint('product_tags_pk', ['tag_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('customer_references')
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('variant_id', 'integer', references('product_variants.id'))
    .addColumn('customer_sku', 'varchar(100)', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('customer_references_pk', ['user_id', 'variant_id'])
    .execute();
  await index(db, 'customer_references_sku', 'customer_references', ['user_id', 'customer_sku']);

  await withId(db, db.schema.createTable('stock_notifications'))
    .addColumn('variant_id', 'integer', references('product_variants.id'))
    .addColumn('product_id', 'integer', references('products.id'))
    .addColumn('email', 'varchar(320)', notNull)
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('notified_at', 'bigint')
    .addUniqueConstraint('stock_notifications_once', ['variant_id', 'email'])
    .execute();
}


export async function up(db: Kysely<unknown>): Promise<void> {
  await assetsAndTree(db);
  await products(db);
  await attributes(db);
  await variantsAndStock(db);
  await around(db);
}

const tables = [
  'stock_notifications', 'customer_references', 'product_tags', 'tag_translations', 'tags', 'product_associations',
  'product_images', 'variant_stock', 'warehouses', 'tier_prices', 'product_variants', 'product_attribute_values',
  'product_variation_attributes', 'attribute_value_translations', 'attribute_values', 'attribute_translations',
  'attributes', 'product_translations', 'product_categories', 'products', 'brands', 'category_translations',
  'categories', 'assets',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
