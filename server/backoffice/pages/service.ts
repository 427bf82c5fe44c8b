// The pages editor's domain functions: each change goes through server/backoffice/revisions.ts (the
// posted version checked, a revision of the whole page with all its translations and blocks, an audit
// row with before and after, the page cache cleared), reading and writing through
// server/content/editor-data.ts. Rich text is sanitised on the way in.
import type { Culture } from '../../config';
import type { Db } from '../../db';
import { BadInput, NotFound } from '../../http/errors';
import { sanitizeRichText } from '../../content/rich-text';
import * as pages from '../../content/editor-data';
import * as blocks from '../../content/editor-blocks-data';
import { createWithRevision, deleteWithVersion, restoreRevision, saveWithVersion, type Tx } from '../revisions';
import { postedBlock } from './block-fields';

const entity = 'page';
const snapshot = (pageId: number) => (tx: Tx) => pages.pageSnapshot(tx, pageId);

interface Change {
  db: Db;
  actorId: number;
  pageId: number;
  version: number;
}

/** Version-checked change of a page (blocks included: a block belongs to its page's version). */
function change({ db, actorId, pageId, version }: Change, action: string, write: (tx: Tx) => Promise<void>) {
  return saveWithVersion(db, { entity, table: 'pages', id: pageId, expectedVersion: version, actorId, action, snapshot: snapshot(pageId), write });
}

async function checkSlug(db: Db, { culture, slug, pageId }: { culture: Culture; slug: string; pageId?: number }): Promise<void> {
  if (!slug) throw new BadInput({ Slug: 'BackOffice.Items.InvalidSlug' });
  if (await pages.slugTaken(db, { culture, slug, exceptPageId: pageId })) throw new BadInput({ Slug: 'BackOffice.Items.SlugTaken' });
}

export async function createPage(db: Db, { actorId, key, culture, title, slug }: { actorId: number; key: string; culture: Culture; title: string; slug: string }): Promise<number> {
  if (await pages.pageKeyTaken(db, key)) throw new BadInput({ PageKey: 'BackOffice.Pages.KeyTaken' });
  await checkSlug(db, { culture, slug });
  const texts = { title, slug, summary: '', bodyHtml: '' };
  return createWithRevision(db, { entity, actorId, insert: (tx) => pages.insertPage(tx, { key, culture, texts }), snapshot: (tx, id) => pages.pageSnapshot(tx, id) });
}

export interface PageEdit {
  culture: Culture;
  texts: pages.PageTexts;
  state: { status: string; publishAt: number | null; unpublishAt: number | null };
}

/** A page's texts in one culture and its publishing state. */
export async function savePage(at: Change, { culture, texts, state }: PageEdit) {
  await checkSlug(at.db, { culture, slug: texts.slug, pageId: at.pageId });
  const clean = { ...texts, bodyHtml: texts.bodyHtml.trim() ? sanitizeRichText(texts.bodyHtml) : '' };
  return change(at, 'update', async (tx) => {
    await pages.writePageTexts(tx, { pageId: at.pageId, culture, texts: clean });
    await pages.setPageState(tx, { pageId: at.pageId, ...state });
  });
}

export async function movePage(at: Change, direction: 'up' | 'down') {
  return change(at, `move-${direction}`, async (tx) => {
    if (!(await pages.movePage(tx, { pageId: at.pageId, direction }))) throw new BadInput({ Direction: 'BackOffice.Items.InvalidDirection' });
  });
}

export async function deletePage(at: Change): Promise<void> {
  const page = await pages.findEditorPage(at.db, { pageId: at.pageId });
  if (!page) throw new NotFound();
  if (page.isHome) throw new BadInput({ id: 'BackOffice.Pages.HomeNotDeletable' });
  await deleteWithVersion(at.db, { entity, table: 'pages', id: at.pageId, expectedVersion: at.version, actorId: at.actorId, snapshot: snapshot(at.pageId), remove: (tx) => pages.deletePage(tx, { pageId: at.pageId }) });
}

export async function restorePage(at: Change, revisionId: number) {
  return restoreRevision<pages.PageSnapshot>(at.db, {
    entity,
    table: 'pages',
    id: at.pageId,
    expectedVersion: at.version,
    actorId: at.actorId,
    revisionId,
    snapshot: snapshot(at.pageId),
    apply: async (tx, saved) => {
      for (const [culture, texts] of Object.entries(saved.translations)) {
        if (await pages.slugTaken(tx, { culture: culture as Culture, slug: texts!.slug, exceptPageId: at.pageId })) throw new BadInput({ Slug: 'BackOffice.Items.SlugTaken' });
      }
      await pages.restorePage(tx, { ...saved, id: at.pageId });
    },
  });
}

/** A new block of `type` at the end of the page, its texts in `culture`; returns the block's id. */
export async function addBlock(at: Change, { type, culture, body }: { type: string; culture: Culture; body: Record<string, unknown> }): Promise<number> {
  const block = postedBlock(type, body);
  let blockId = 0;
  await change(at, 'block.add', async (tx) => {
    blockId = await blocks.appendBlock(tx, { pageId: at.pageId, type, settings: block.settings, texts: { [culture]: block.texts } });
  });
  return blockId;
}

export async function saveBlock(at: Change, { blockId, type, culture, body }: { blockId: number; type: string; culture: Culture; body: Record<string, unknown> }) {
  const block = postedBlock(type, body);
  return change(at, 'block.update', async (tx) => {
    if (!(await blocks.updateBlock(tx, { pageId: at.pageId, blockId, settings: block.settings, texts: { [culture]: block.texts } }))) throw new NotFound();
  });
}

export async function moveBlock(at: Change, { blockId, direction }: { blockId: number; direction: 'up' | 'down' }) {
  return change(at, `block.move-${direction}`, async (tx) => {
    const moved = await blocks.moveBlock(tx, { pageId: at.pageId, blockId, direction });
    if (moved === null) throw new NotFound();
    if (!moved) throw new BadInput({ Direction: 'BackOffice.Items.InvalidDirection' });
  });
}

export async function removeBlock(at: Change, blockId: number) {
  return change(at, 'block.remove', async (tx) => {
    if (!(await blocks.deleteBlock(tx, { pageId: at.pageId, blockId }))) throw new NotFound();
  });
}
