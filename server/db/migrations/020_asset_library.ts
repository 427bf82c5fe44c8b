import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { withId } from './helpers';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

/**
 * The asset library: folders (a tree), and on assets their folder, where their bytes are stored (a
 * random storage key; server/storage), the name they were uploaded with, their kind and who added them.
 * assets.content stays NOT NULL (SQLite cannot drop it without rebuilding a table three catalog tables
 * reference): the seeded assets keep their blob, an uploaded one has an empty blob and a storage_key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('asset_folders'))
    .addColumn('parent_id', 'integer', (column) => column.references('asset_folders.id').onDelete('restrict'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('asset_folders_parent').on('asset_folders').columns(['parent_id', 'position']).execute();

  await db.schema.alterTable('assets').addColumn('folder_id', 'integer', (column) => column.references('asset_folders.id').onDelete('restrict')).execute();
  await db.schema.alterTable('assets').addColumn('storage_key', 'varchar(100)').execute();
  await db.schema.alterTable('assets').addColumn('original_name', 'varchar(255)', (column) => column.notNull().defaultTo('')).execute();
  await db.schema
    .alterTable('assets')
    .addColumn('file_type', 'varchar(20)', (column) => column.notNull().defaultTo('Image').check(sql`file_type in ('Image', 'Document')`))
    .execute();
  await db.schema.alterTable('assets').addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null')).execute();
  await db.schema.createIndex('assets_folder').on('assets').columns(['folder_id', 'id']).execute();
  await sql`update assets set original_name = name`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assets_folder').execute();
  for (const column of ['created_by', 'file_type', 'original_name', 'storage_key', 'folder_id']) {
    await db.schema.alterTable('assets').dropColumn(column).execute();
  }
  await db.schema.dropTable('asset_folders').execute();
}
