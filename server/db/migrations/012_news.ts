import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/** News categories (a tree) and posts, each translated per culture with its own slug (server/news). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('news_categories'))
    .addColumn('parent_id', 'integer', (column) => column.references('news_categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('news_category_translations')
    .addColumn('category_id', 'integer', (column) => column.notNull().references('news_categories.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('slug', 'varchar(200)', notNull)
    .addPrimaryKeyConstraint('news_category_translations_pk', ['category_id', 'culture'])
    .addUniqueConstraint('news_category_translations_slug', ['culture', 'slug'])
    .execute();

  await withId(db, db.schema.createTable('news_posts'))
    .addColumn('category_id', 'integer', (column) => column.notNull().references('news_categories.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (column) => column.notNull().defaultTo('draft'))
    .addColumn('publish_at', 'bigint')
    .addColumn('unpublish_at', 'bigint')
    .addColumn('posted_at', 'bigint', notNull)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('news_posts_posted_at').on('news_posts').columns(['posted_at', 'position']).execute();
  await db.schema.createIndex('news_posts_category').on('news_posts').columns(['category_id', 'posted_at']).execute();
  await db.schema
    .createTable('news_post_translations')
    .addColumn('post_id', 'integer', (column) => column.notNull().references('news_posts.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('slug', 'varchar(200)', notNull)
    .addColumn('title', 'varchar(300)', notNull)
    .addColumn('summary', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('body_html', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('image_alt', 'varchar(300)', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('news_post_translations_pk', ['post_id', 'culture'])
    .addUniqueConstraint('news_post_translations_slug', ['culture', 'slug'])
    .execute();

  await withId(db, db.schema.createTable('news_post_images'))
    .addColumn('post_id', 'integer', (column) => column.notNull().references('news_posts.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (column) => column.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('news_post_images_post').on('news_post_images').columns(['post_id', 'position']).execute();
  await db.schema
    .createTable('news_post_image_translations')
    .addColumn('image_id', 'integer', (column) => column.notNull().references('news_post_images.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('alt', 'varchar(300)', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('news_post_image_translations_pk', ['image_id', 'culture'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news_post_image_translations', 'news_post_images', 'news_post_translations', 'news_posts', 'news_category_translations', 'news_categories']) {
    await db.schema.dropTable(table).execute();
  }
}
