// The pages editor, {app}/{culture}/backoffice/pages (behind requireBackOffice, server/backoffice/routes.ts):
// list, create, edit one culture with the publishing state, reorder, delete (a confirmation page),
// revisions with restore. Blocks: block-routes.ts. Every form posts and redirects (PRG) without JS; a
// stale Version shows the form again with the editor's values and the conflict (409), bad input 400.
import { type Request, type Response, Router } from 'express';
import { publishingColumns, slugify } from '../../content/admin-fields';
import { BadInput } from '../../http/errors';
import { seeOther, setFlash } from '../../http/forms';
import { appLocals } from '../../http/locals';
import { pathId } from '../../shared/ids';
import { actorIdOf } from '../access';
import { VersionConflict } from '../revisions';
import { pagesBlockRoutes } from './block-routes';
import { moveForm, newPageForm, pageForm, versionForm } from './forms';
import './preview';
import * as service from './service';
import { changeOf, editHref, languageOf, loadPage, pagesHref, renderDelete, renderEdit, renderList, renderNew, renderRevisions, translated } from './views';

async function create(req: Request, res: Response): Promise<void> {
  const posted = newPageForm.validate(req.body, res.locals.t);
  if (!posted.ok) return renderNew(req, res, posted, 400);
  const culture = res.locals.culture;
  try {
    const pageId = await service.createPage(appLocals(req).db, { actorId: actorIdOf(res), key: posted.data.PageKey, culture, title: posted.data.Title.trim(), slug: posted.data.Slug || slugify(posted.data.Title) });
    setFlash(req, 'success', 'BackOffice.Items.Created');
    seeOther(res, editHref(res, pageId, culture));
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    await renderNew(req, res, { values: posted.values, errors: translated(res, error.fields) }, 400);
  }
}

async function save(req: Request, res: Response): Promise<void> {
  const page = await loadPage(req, pathId(req.params.id));
  const language = languageOf(req.body?.Language, res.locals.culture);
  const posted = pageForm.validate(req.body, res.locals.t);
  if (!posted.ok) return renderEdit(req, res, page, { language, state: posted }, 400);
  const { columns, errors } = publishingColumns(posted.data);
  if (Object.keys(errors).length > 0) return renderEdit(req, res, page, { language, state: { values: posted.values, errors: translated(res, errors) } }, 400);
  try {
    const texts = { title: posted.data.Title.trim(), slug: posted.data.Slug || slugify(posted.data.Title), summary: posted.data.Summary.trim(), bodyHtml: posted.data.BodyHtml };
    await service.savePage(changeOf(req, res, posted.data.Version), { culture: language, texts, state: { status: columns.status, publishAt: columns.publish_at, unpublishAt: columns.unpublish_at } });
    setFlash(req, 'success', 'BackOffice.Items.Saved');
    seeOther(res, editHref(res, page.id, language));
  } catch (error) {
    if (error instanceof VersionConflict) return renderEdit(req, res, await loadPage(req, page.id), { language, state: { values: posted.values, errors: {} }, conflict: true }, 409);
    if (error instanceof BadInput) return renderEdit(req, res, page, { language, state: { values: posted.values, errors: translated(res, error.fields) } }, 400);
    throw error;
  }
}

/** A version-checked action of the list or the delete and revisions pages; the form's errors are a 400. */
function versioned(form: typeof versionForm | typeof moveForm, act: (req: Request, res: Response, data: Record<string, string>) => Promise<string>) {
  return async (req: Request, res: Response) => {
    const posted = form.validate(req.body, res.locals.t);
    if (!posted.ok) throw new BadInput(posted.errors);
    try {
      seeOther(res, await act(req, res, posted.data as Record<string, string>));
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      setFlash(req, 'error', 'BackOffice.Conflict');
      seeOther(res, editHref(res, pathId(req.params.id), res.locals.culture));
    }
  };
}

export function pagesBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/backoffice/pages', renderList);
  router.get('/backoffice/pages/new', (req, res) => renderNew(req, res));
  router.post('/backoffice/pages', create);
  router.get('/backoffice/pages/:id', async (req, res) => {
    const page = await loadPage(req, pathId(req.params.id));
    await renderEdit(req, res, page, { language: languageOf(req.query.language, res.locals.culture) });
  });
  router.post('/backoffice/pages/:id', save);
  router.post('/backoffice/pages/:id/move', versioned(moveForm, async (req, res, data) => {
    await service.movePage(changeOf(req, res, data.Version), data.Direction as 'up' | 'down');
    return pagesHref(res);
  }));
  router.get('/backoffice/pages/:id/delete', async (req, res) => renderDelete(req, res, await loadPage(req, pathId(req.params.id))));
  router.post('/backoffice/pages/:id/delete', versioned(versionForm, async (req, res, data) => {
    await service.deletePage(changeOf(req, res, data.Version));
    setFlash(req, 'success', 'BackOffice.Items.Deleted');
    return pagesHref(res);
  }));
  router.get('/backoffice/pages/:id/revisions', async (req, res) => renderRevisions(req, res, await loadPage(req, pathId(req.params.id))));
  router.post('/backoffice/pages/:id/revisions/:revisionId/restore', versioned(versionForm, async (req, res, data) => {
    await service.restorePage(changeOf(req, res, data.Version), pathId(req.params.revisionId));
    setFlash(req, 'success', 'BackOffice.Items.Restored');
    return editHref(res, pathId(req.params.id), res.locals.culture);
  }));
  router.use(pagesBlockRoutes());
  return router;
}
