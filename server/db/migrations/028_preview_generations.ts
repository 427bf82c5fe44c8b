import type { Kysely } from 'kysely';

/**
 * Issue 28 (security). Preview links: each content item's preview generation, raised when an editor
 * revokes its links (server/backoffice/preview.ts); an item without a row is at generation 0. And an
 * index on product_images.asset_id: the picture route asks, per asset, whether a product shows it (a
 * catalog picture answers without its key, server/assets/keys.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('preview_generations')
    .addColumn('entity', 'varchar(60)', (column) => column.notNull())
    .addColumn('entity_id', 'integer', (column) => column.notNull())
    .addColumn('generation', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('preview_generations_pk', ['entity', 'entity_id'])
    .execute();
  await db.schema.createIndex('product_images_asset').on('product_images').column('asset_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_images_asset').execute();
  await db.schema.dropTable('preview_generations').execute();
}
