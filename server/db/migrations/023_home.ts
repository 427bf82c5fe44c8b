import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
const text = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo('');

/**
 * Home page merchandising: banner sliders (the home slider is 'hero') and their slides, partners,
 * testimonies, image-map banners and their hotspots. A slide's or hotspot's product is set to null
 * when the product is deleted: the slide then renders without that target (server/home/data.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('home_banners'))
    .addColumn('banner_key', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('autoplay_ms', 'integer', (column) => column.check(sql`autoplay_ms is null or autoplay_ms > 0`))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('home_slides'))
    .addColumn('banner_id', 'integer', (column) => column.notNull().references('home_banners.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('video_url', 'varchar(500)')
    .addColumn('product_id', 'integer', (column) => column.references('products.id').onDelete('set null'))
    .addColumn('link_url', 'varchar(500)')
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .execute();
  await db.schema.createIndex('home_slides_banner').on('home_slides').columns(['banner_id', 'position']).execute();
  await db.schema.createIndex('home_slides_product').on('home_slides').columns(['product_id']).execute();

  await db.schema
    .createTable('home_slide_translations')
    .addColumn('slide_id', 'integer', (column) => column.notNull().references('home_slides.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('title', 'varchar(200)', text)
    .addColumn('text', 'varchar(1000)', text)
    .addColumn('link_label', 'varchar(100)', text)
    .addColumn('image_alt', 'varchar(300)', text)
    .addPrimaryKeyConstraint('home_slide_translations_pk', ['slide_id', 'culture'])
    .execute();

  await withId(db, db.schema.createTable('home_partners'))
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('url', 'varchar(500)', text)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('home_testimonies'))
    .addColumn('author', 'varchar(200)', notNull)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('home_testimony_translations')
    .addColumn('testimony_id', 'integer', (column) => column.notNull().references('home_testimonies.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('text', 'varchar(2000)', notNull)
    .addColumn('author_detail', 'varchar(200)', text)
    .addPrimaryKeyConstraint('home_testimony_translations_pk', ['testimony_id', 'culture'])
    .execute();

  await withId(db, db.schema.createTable('image_map_banners'))
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('image_map_banner_translations')
    .addColumn('banner_id', 'integer', (column) => column.notNull().references('image_map_banners.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('title', 'varchar(200)', text)
    .addColumn('image_alt', 'varchar(300)', text)
    .addPrimaryKeyConstraint('image_map_banner_translations_pk', ['banner_id', 'culture'])
    .execute();

  await withId(db, db.schema.createTable('image_map_hotspots'))
    .addColumn('banner_id', 'integer', (column) => column.notNull().references('image_map_banners.id').onDelete('cascade'))
    .addColumn('x_percent', 'real', (column) => column.notNull().check(sql`x_percent >= 0 and x_percent <= 100`))
    .addColumn('y_percent', 'real', (column) => column.notNull().check(sql`y_percent >= 0 and y_percent <= 100`))
    .addColumn('product_id', 'integer', (column) => column.references('products.id').onDelete('set null'))
    .addColumn('link_url', 'varchar(500)')
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('image_map_hotspots_banner').on('image_map_hotspots').columns(['banner_id', 'position']).execute();
  await db.schema
    .createTable('image_map_hotspot_translations')
    .addColumn('hotspot_id', 'integer', (column) => column.notNull().references('image_map_hotspots.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('title', 'varchar(200)', text)
    .addColumn('text', 'varchar(500)', text)
    .addPrimaryKeyConstraint('image_map_hotspot_translations_pk', ['hotspot_id', 'culture'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'image_map_hotspot_translations', 'image_map_hotspots', 'image_map_banner_translations', 'image_map_banners',
    'home_testimony_translations', 'home_testimonies', 'home_partners', 'home_slide_translations', 'home_slides', 'home_banners',
  ]) await db.schema.dropTable(table).execute();
}
