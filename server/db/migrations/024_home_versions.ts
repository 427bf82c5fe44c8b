import type { Kysely } from 'kysely';

/**
 * The home page's tables become editable in the back office (server/home/admin.ts): each edited row
 * gets `version` (optimistic concurrency, server/backoffice/revisions.ts), as migration 019 gave the
 * content tables.
 */
const tables = ['home_banners', 'home_slides', 'home_partners', 'home_testimonies', 'image_map_banners', 'image_map_hotspots'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await db.schema.alterTable(table).addColumn('version', 'integer', (column) => column.notNull().defaultTo(1)).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.alterTable(table).dropColumn('version').execute();
}
