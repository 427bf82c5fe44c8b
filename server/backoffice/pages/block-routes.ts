// The blocks of a page in the pages editor: add a block of a type (its form, then the post), edit its
// settings and its texts in one culture, move it up or down, remove it. Each is a change of the page's
// version (server/backoffice/pages/service.ts); a stale Version is the form again with the conflict.
import { type Request, type Response, Router } from 'express';
import { listEditorBlocks } from '../../content/editor-blocks-data';
import { BadInput, NotFound } from '../../http/errors';
import { seeOther, setFlash } from '../../http/forms';
import { appLocals } from '../../http/locals';
import { pathId } from '../../shared/ids';
import { VersionConflict } from '../revisions';
import { blockForms } from './block-fields';
import { moveForm, versionForm } from './forms';
import * as service from './service';
import { changeOf, editHref, languageOf, loadPage, renderBlockForm, translated } from './views';

function typeOf(value: unknown): string {
  if (typeof value === 'string' && Object.hasOwn(blockForms, value)) return value;
  throw new BadInput({ Type: 'Pages.InvalidBlock' });
}

async function blockOf(req: Request, pageId: number) {
  const blockId = pathId(req.params.blockId);
  const block = (await listEditorBlocks(appLocals(req).db, { pageId })).find((each) => each.id === blockId);
  if (!block) throw new NotFound();
  return block;
}

/** Adds (no block yet) or saves a block; bad fields or a stale version show its form again with the post. */
async function submit(req: Request, res: Response, existing: boolean): Promise<void> {
  const page = await loadPage(req, pathId(req.params.id));
  const block = existing ? await blockOf(req, page.id) : null;
  const type = block ? block.type : typeOf(req.body?.Type);
  const language = languageOf(req.body?.Language, res.locals.culture);
  const version = versionForm.validate(req.body, res.locals.t);
  if (!version.ok) throw new BadInput(version.errors);
  const state = (errors: Record<string, string>) => ({ values: req.body as Record<string, unknown>, errors });
  try {
    const at = changeOf(req, res, version.data.Version);
    if (block) await service.saveBlock(at, { blockId: block.id, type, culture: language, body: req.body });
    else await service.addBlock(at, { type, culture: language, body: req.body });
    setFlash(req, 'success', 'BackOffice.Items.Saved');
    seeOther(res, editHref(res, page.id, language));
  } catch (error) {
    if (error instanceof VersionConflict) return renderBlockForm(req, res, await loadPage(req, page.id), { language, type, block, state: state({}), conflict: true }, 409);
    if (error instanceof BadInput) return renderBlockForm(req, res, page, { language, type, block, state: state(translated(res, error.fields)) }, 400);
    throw error;
  }
}

/** Move or remove: version-checked, back to the page's editor (a conflict there says so). */
async function act(req: Request, res: Response, change: (at: ReturnType<typeof changeOf>, blockId: number, data: Record<string, string>) => Promise<unknown>, form: typeof moveForm | typeof versionForm) {
  const pageId = pathId(req.params.id);
  const blockId = pathId(req.params.blockId);
  const language = languageOf(req.body?.Language, res.locals.culture);
  const posted = form.validate(req.body, res.locals.t);
  if (!posted.ok) throw new BadInput(posted.errors);
  try {
    await change(changeOf(req, res, posted.data.Version), blockId, posted.data as Record<string, string>);
    setFlash(req, 'success', 'BackOffice.Items.Saved');
  } catch (error) {
    if (!(error instanceof VersionConflict)) throw error;
    setFlash(req, 'error', 'BackOffice.Conflict');
  }
  seeOther(res, editHref(res, pageId, language));
}

export function pagesBlockRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/backoffice/pages/:id/blocks/new', async (req, res) => {
    const page = await loadPage(req, pathId(req.params.id));
    await renderBlockForm(req, res, page, { language: languageOf(req.query.language, res.locals.culture), type: typeOf(req.query.type), block: null });
  });
  router.post('/backoffice/pages/:id/blocks', (req, res) => submit(req, res, false));
  router.get('/backoffice/pages/:id/blocks/:blockId', async (req, res) => {
    const page = await loadPage(req, pathId(req.params.id));
    const block = await blockOf(req, page.id);
    await renderBlockForm(req, res, page, { language: languageOf(req.query.language, res.locals.culture), type: block.type, block });
  });
  router.post('/backoffice/pages/:id/blocks/:blockId', (req, res) => submit(req, res, true));
  router.post('/backoffice/pages/:id/blocks/:blockId/move', (req, res) =>
    act(req, res, (at, blockId, data) => service.moveBlock(at, { blockId, direction: data.Direction as 'up' | 'down' }), moveForm),
  );
  router.post('/backoffice/pages/:id/blocks/:blockId/remove', (req, res) => act(req, res, (at, blockId) => service.removeBlock(at, blockId), versionForm));
  return router;
}
