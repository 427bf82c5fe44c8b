import type { Culture } from '../config';
import { clearCatalogCaches } from '../catalog/lists-cache';
import type { Db } from '../db';

/** A block as stored: settings and texts (in one culture) still JSON text, checked when loaded. */
export interface StoredBlock {
  id: number;
  type: string;
  position: number;
  settings: string;
  texts: string;
}

function blocksIn(db: Db, culture: Culture) {
  return db
    .selectFrom('page_blocks')
    .leftJoin('page_block_translations as text', (join) => join.onRef('text.block_id', '=', 'page_blocks.id').on('text.culture', '=', culture))
    .select(['page_blocks.id', 'page_blocks.type', 'page_blocks.position', 'page_blocks.settings', 'text.texts']);
}

const stored = (row: Omit<StoredBlock, 'texts'> & { texts: string | null }): StoredBlock => ({ ...row, texts: row.texts ?? '{}' });

/** The blocks of a page in their order, each with its texts in the culture ('{}' when it has none). */
export async function listPageBlocks(db: Db, { pageId, culture }: { pageId: number; culture: Culture }): Promise<StoredBlock[]> {
  const rows = await blocksIn(db, culture).where('page_blocks.page_id', '=', pageId).orderBy('page_blocks.position').orderBy('page_blocks.id').execute();
  return rows.map(stored);
}

/** One block of a page, with its texts in the culture, or null when that page has no such block. */
export async function findPageBlock(db: Db, { pageId, blockId, culture }: { pageId: number; blockId: number; culture: Culture }): Promise<StoredBlock | null> {
  const row = await blocksIn(db, culture).where('page_blocks.page_id', '=', pageId).where('page_blocks.id', '=', blockId).executeTakeFirst();
  return row ? stored(row) : null;
}

export interface NewBlockRow {
  pageId: number;
  position: number;
  type: string;
  settings: string;
  texts: Partial<Record<Culture, string>>;
}

/** Writes one block and its texts in one transaction (checked and prepared by blocks/write.ts). */
export async function insertPageBlock(db: Db, block: NewBlockRow): Promise<number> {
  const write = async (tx: Db) => {
    const { id } = await tx
      .insertInto('page_blocks')
      .values({ page_id: block.pageId, position: block.position, type: block.type, settings: block.settings })
      .returning('id')
      .executeTakeFirstOrThrow();
    const texts = Object.entries(block.texts).map(([culture, json]) => ({ block_id: id, culture, texts: json! }));
    if (texts.length > 0) await tx.insertInto('page_block_translations').values(texts).execute();
    return id;
  };
  // Inside the seed's transaction it writes there; otherwise in one of its own, and the kept pages go.
  if (db.isTransaction) return write(db);
  const id = await db.transaction().execute(write);
  clearCatalogCaches(db);
  return id;
}

/** Sets a page's publishing state (the back office's publish, unpublish and scheduling). */
export async function setPagePublishing(
  db: Db,
  { pageId, status, publishAt = null, unpublishAt = null }: { pageId: number; status: 'draft' | 'published'; publishAt?: number | null; unpublishAt?: number | null },
): Promise<void> {
  await db.updateTable('pages').set({ status, publish_at: publishAt, unpublish_at: unpublishAt }).where('id', '=', pageId).execute();
  // The app's kept pages are dropped with the catalog's caches (server/app.ts): the change shows at once.
  clearCatalogCaches(db);
}

/** The id of the page of that key (any state: the back office and the seed). */
export async function pageIdOf(db: Db, pageKey: string): Promise<number | null> {
  const row = await db.selectFrom('pages').select('id').where('page_key', '=', pageKey).executeTakeFirst();
  return row?.id ?? null;
}
