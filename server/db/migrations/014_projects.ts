import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * Projects and their categories (server/projects): each translated per culture with its own slug,
 * publishable (status, publish_at, unpublish_at: server/content/publishing.ts), ordered by position.
 * A project has coordinates, an address per culture, a main image and a gallery (assets table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('project_categories'))
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('publish_at', 'bigint')
    .addColumn('unpublish_at', 'bigint')
    .addColumn('position', 'integer', notNull)
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createTable('project_category_translations')
    .addColumn('category_id', 'integer', (column) => column.notNull().references('project_categories.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('slug', 'varchar(160)', notNull)
    .addColumn('name', 'varchar(160)', notNull)
    .addColumn('summary', 'text', notNull)
    .addPrimaryKeyConstraint('project_category_translations_pk', ['category_id', 'culture'])
    .addUniqueConstraint('project_category_translations_slug', ['culture', 'slug'])
    .execute();
  await projects(db);
  await images(db);
}

async function projects(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('projects'))
    .addColumn('category_id', 'integer', (column) => column.notNull().references('project_categories.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('publish_at', 'bigint')
    .addColumn('unpublish_at', 'bigint')
    .addColumn('position', 'integer', notNull)
    .addColumn('latitude', 'double precision', notNull)
    .addColumn('longitude', 'double precision', notNull)
    .addColumn('asset_id', 'integer', (column) => column.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('projects_category').on('projects').columns(['category_id', 'position']).execute();
  await db.schema
    .createTable('project_translations')
    .addColumn('project_id', 'integer', (column) => column.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('slug', 'varchar(160)', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('summary', 'text', notNull)
    .addColumn('description_html', 'text', notNull)
    .addColumn('address', 'varchar(300)', notNull)
    .addColumn('image_alt', 'varchar(300)', notNull)
    .addPrimaryKeyConstraint('project_translations_pk', ['project_id', 'culture'])
    .addUniqueConstraint('project_translations_slug', ['culture', 'slug'])
    .execute();
}

async function images(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('project_images'))
    .addColumn('project_id', 'integer', (column) => column.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (column) => column.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .execute();
  await db.schema.createIndex('project_images_project').on('project_images').columns(['project_id', 'position']).execute();
  await db.schema
    .createTable('project_image_translations')
    .addColumn('image_id', 'integer', (column) => column.notNull().references('project_images.id').onDelete('cascade'))
    .addColumn('culture', 'varchar(5)', notNull)
    .addColumn('alt', 'varchar(300)', notNull)
    .addPrimaryKeyConstraint('project_image_translations_pk', ['image_id', 'culture'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['project_image_translations', 'project_images', 'project_translations', 'projects', 'project_category_translations', 'project_categories']) {
    await db.schema.dropTable(table).execute();
  }
}
