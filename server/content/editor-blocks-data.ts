// The pages editor's queries on a page's blocks (server/backoffice/pages), every block in any state with
// its texts in every culture; called inside saveWithVersion's transaction (server/backoffice/revisions.ts).
import type { Culture } from '../config';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';

export interface EditorBlock {
  id: number;
  type: string;
  position: number;
  settings: unknown;
  texts: Partial<Record<Culture, unknown>>;
}

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
};

/** A page's blocks in their order, each with its texts in every culture (JSON parsed). */
export async function listEditorBlocks(db: Db, { pageId }: { pageId: number }): Promise<EditorBlock[]> {
  const blocks = await db.selectFrom('page_blocks').select(['id', 'type', 'position', 'settings']).where('page_id', '=', pageId).orderBy('position').orderBy('id').execute();
  const ids = blocks.map((block) => block.id);
  const texts = ids.length === 0 ? [] : await db.selectFrom('page_block_translations').select(['block_id', 'culture', 'texts']).where('block_id', 'in', ids).orderBy('culture').execute();
  return blocks.map((block) => ({
    id: block.id,
    type: block.type,
    position: toNumber(block.position),
    settings: parsed(block.settings),
    texts: Object.fromEntries(texts.filter((row) => row.block_id === block.id).map((row) => [row.culture, parsed(row.texts)])),
  }));
}

/** Swaps a row with its neighbour in `ids` order and writes every position again (0, 1, 2 ...); false at an end. */
export function swapped(ids: number[], id: number, direction: 'up' | 'down'): number[] | null {
  const index = ids.indexOf(id);
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || other < 0 || other >= ids.length) return null;
  const order = [...ids];
  [order[index], order[other]] = [order[other], order[index]];
  return order;
}

/** A block at the end of the page, its settings (JSON) and its texts (JSON) in the cultures given. */
export async function appendBlock(db: Db, { pageId, type, settings, texts }: { pageId: number; type: string; settings: string; texts: Partial<Record<Culture, string>> }): Promise<number> {
  const last = await db.selectFrom('page_blocks').select((eb) => eb.fn.max('position').as('position')).where('page_id', '=', pageId).executeTakeFirst();
  const position = last?.position === null || last?.position === undefined ? 0 : toNumber(last.position) + 1;
  const { id } = await db.insertInto('page_blocks').values({ page_id: pageId, position, type, settings }).returning('id').executeTakeFirstOrThrow();
  await writeBlockTexts(db, { blockId: id, texts });
  return id;
}

export async function writeBlockTexts(db: Db, { blockId, texts }: { blockId: number; texts: Partial<Record<Culture, string>> }): Promise<void> {
  for (const [culture, json] of Object.entries(texts)) {
    await db.deleteFrom('page_block_translations').where('block_id', '=', blockId).where('culture', '=', culture).execute();
    await db.insertInto('page_block_translations').values({ block_id: blockId, culture, texts: json! }).execute();
  }
}

/** A block's shared settings and its texts in the cultures given; false when the page has no such block. */
export async function updateBlock(db: Db, { pageId, blockId, settings, texts }: { pageId: number; blockId: number; settings: string; texts: Partial<Record<Culture, string>> }): Promise<boolean> {
  const result = await db.updateTable('page_blocks').set({ settings }).where('id', '=', blockId).where('page_id', '=', pageId).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeBlockTexts(db, { blockId, texts });
  return true;
}

/** Moves a block one place; false at an end of the page, null when the page has no such block. */
export async function moveBlock(db: Db, { pageId, blockId, direction }: { pageId: number; blockId: number; direction: 'up' | 'down' }): Promise<boolean | null> {
  const rows = await db.selectFrom('page_blocks').select('id').where('page_id', '=', pageId).orderBy('position').orderBy('id').execute();
  if (!rows.some((row) => row.id === blockId)) return null;
  const order = swapped(rows.map((row) => row.id), blockId, direction);
  if (!order) return false;
  for (const [position, id] of order.entries()) await db.updateTable('page_blocks').set({ position }).where('id', '=', id).execute();
  return true;
}

export async function deleteBlock(db: Db, { pageId, blockId }: { pageId: number; blockId: number }): Promise<boolean> {
  const result = await db.deleteFrom('page_blocks').where('id', '=', blockId).where('page_id', '=', pageId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
