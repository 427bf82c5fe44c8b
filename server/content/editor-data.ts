// The pages editor's queries (server/backoffice/pages): every page in any state, with all its
// translations and blocks, and the writes the editor makes. The back office calls these inside
// saveWithVersion's transaction (server/backoffice/revisions.ts), which versions, audits and clears the
// page cache; visitors' queries stay in data.ts and blocks-data.ts, the blocks' in editor-blocks-data.ts.
import type { Culture } from '../config';
import type { Db } from '../db';
import { toBoolean, toNumber } from '../db/normalise';
import { type EditorBlock, listEditorBlocks, swapped, writeBlockTexts } from './editor-blocks-data';

export type { EditorBlock } from './editor-blocks-data';

export interface PageTexts {
  slug: string;
  title: string;
  summary: string;
  bodyHtml: string;
}

export interface EditorPage {
  id: number;
  key: string;
  isHome: boolean;
  position: number;
  status: string;
  publishAt: number | null;
  unpublishAt: number | null;
  version: number;
  translations: Partial<Record<Culture, PageTexts>>;
}

/** A page as the revisions keep it: its columns, every translation, every block with all its texts. */
export interface PageSnapshot extends EditorPage {
  blocks: EditorBlock[];
}

const nullableNumber = (value: number | string | null) => (value === null ? null : toNumber(value));
/** Every page (drafts included), in their order, with their translations. */
export async function listEditorPages(db: Db): Promise<EditorPage[]> {
  const pages = await db.selectFrom('pages').select(['id', 'page_key', 'is_home', 'position', 'status', 'publish_at', 'unpublish_at', 'version']).orderBy('position').orderBy('id').execute();
  const texts = await db.selectFrom('page_translations').select(['page_id', 'culture', 'slug', 'title', 'summary', 'body_html']).execute();
  return pages.map((page) => ({
    id: page.id,
    key: page.page_key,
    isHome: toBoolean(page.is_home),
    position: toNumber(page.position),
    status: page.status,
    publishAt: nullableNumber(page.publish_at),
    unpublishAt: nullableNumber(page.unpublish_at),
    version: toNumber(page.version),
    translations: Object.fromEntries(
      texts.filter((row) => row.page_id === page.id).map((row) => [row.culture, { slug: row.slug, title: row.title, summary: row.summary, bodyHtml: row.body_html }]),
    ),
  }));
}

/** One page in any state, with its translations; null when there is none. */
export async function findEditorPage(db: Db, { pageId }: { pageId: number }): Promise<EditorPage | null> {
  const page = await db.selectFrom('pages').select(['id', 'page_key', 'is_home', 'position', 'status', 'publish_at', 'unpublish_at', 'version']).where('id', '=', pageId).executeTakeFirst();
  if (!page) return null;
  const texts = await db.selectFrom('page_translations').select(['culture', 'slug', 'title', 'summary', 'body_html']).where('page_id', '=', pageId).orderBy('culture').execute();
  return {
    id: page.id,
    key: page.page_key,
    isHome: toBoolean(page.is_home),
    position: toNumber(page.position),
    status: page.status,
    publishAt: nullableNumber(page.publish_at),
    unpublishAt: nullableNumber(page.unpublish_at),
    version: toNumber(page.version),
    translations: Object.fromEntries(texts.map((row) => [row.culture, { slug: row.slug, title: row.title, summary: row.summary, bodyHtml: row.body_html }])),
  };
}

export async function pageSnapshot(db: Db, pageId: number): Promise<PageSnapshot | null> {
  const page = await findEditorPage(db, { pageId });
  return page && { ...page, blocks: await listEditorBlocks(db, { pageId }) };
}

export async function pageKeyTaken(db: Db, key: string): Promise<boolean> {
  return Boolean(await db.selectFrom('pages').select('id').where('page_key', '=', key).executeTakeFirst());
}

/** Whether another page already has that slug in the culture (slugs are unique per culture). */
export async function slugTaken(db: Db, { culture, slug, exceptPageId }: { culture: Culture; slug: string; exceptPageId?: number }): Promise<boolean> {
  let query = db.selectFrom('page_translations').select('page_id').where('culture', '=', culture).where('slug', '=', slug);
  if (exceptPageId !== undefined) query = query.where('page_id', '!=', exceptPageId);
  return Boolean(await query.executeTakeFirst());
}

/** A new draft page, last in the order, with its first translation. */
export async function insertPage(db: Db, { key, culture, texts }: { key: string; culture: Culture; texts: PageTexts }): Promise<number> {
  const last = await db.selectFrom('pages').select((eb) => eb.fn.max('position').as('position')).executeTakeFirst();
  const { id } = await db
    .insertInto('pages')
    .values({ page_key: key, is_home: 0, position: toNumber(last?.position ?? 0) + 1, status: 'draft', publish_at: null, unpublish_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writePageTexts(db, { pageId: id, culture, texts });
  return id;
}

/** Writes (or replaces) a page's texts in one culture. */
export async function writePageTexts(db: Db, { pageId, culture, texts }: { pageId: number; culture: Culture; texts: PageTexts }): Promise<void> {
  await db.deleteFrom('page_translations').where('page_id', '=', pageId).where('culture', '=', culture).execute();
  await db.insertInto('page_translations').values({ page_id: pageId, culture, slug: texts.slug, title: texts.title, summary: texts.summary, body_html: texts.bodyHtml }).execute();
}

export async function setPageState(db: Db, { pageId, status, publishAt, unpublishAt }: { pageId: number; status: string; publishAt: number | null; unpublishAt: number | null }): Promise<void> {
  await db.updateTable('pages').set({ status, publish_at: publishAt, unpublish_at: unpublishAt }).where('id', '=', pageId).execute();
}

export async function movePage(db: Db, { pageId, direction }: { pageId: number; direction: 'up' | 'down' }): Promise<boolean> {
  const rows = await db.selectFrom('pages').select('id').orderBy('position').orderBy('id').execute();
  const order = swapped(rows.map((row) => row.id), pageId, direction);
  if (!order) return false;
  for (const [position, id] of order.entries()) await db.updateTable('pages').set({ position }).where('id', '=', id).execute();
  return true;
}

export async function deletePage(db: Db, { pageId }: { pageId: number }): Promise<void> {
  await db.deleteFrom('pages').where('id', '=', pageId).execute();
}

/** Puts a page back as a snapshot holds it: state, translations, blocks (with their ids) and texts. */
export async function restorePage(db: Db, snapshot: PageSnapshot): Promise<void> {
  const pageId = snapshot.id;
  await setPageState(db, { pageId, status: snapshot.status, publishAt: snapshot.publishAt, unpublishAt: snapshot.unpublishAt });
  await db.deleteFrom('page_translations').where('page_id', '=', pageId).execute();
  for (const [culture, texts] of Object.entries(snapshot.translations)) await writePageTexts(db, { pageId, culture: culture as Culture, texts: texts! });
  await db.deleteFrom('page_blocks').where('page_id', '=', pageId).execute();
  for (const block of snapshot.blocks) {
    await db.insertInto('page_blocks').values({ id: block.id, page_id: pageId, position: block.position, type: block.type, settings: JSON.stringify(block.settings) }).execute();
    const texts = Object.fromEntries(Object.entries(block.texts).map(([culture, value]) => [culture, JSON.stringify(value)]));
    await writeBlockTexts(db, { blockId: block.id, texts });
  }
}
