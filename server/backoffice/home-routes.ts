// {app}/{culture}/backoffice/: the back office's home (its sections), and the administrators' page of
// editors ({culture}/backoffice/editors): grant the editor role by address, remove it; audited.
import { type Request, type Response, Router } from 'express';
import { BadInput, NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { renderPage } from '../http/render';
import { pathId } from '../shared/ids';
import { actorIdOf, requireAdministrator } from './access';
import { findAccountIdByEmail, listEditors, setEditorRole } from './editors-data';
import { grantEditorForm } from './forms';

async function showEditors(req: Request, res: Response, form: { values: object; errors: object } = { values: {}, errors: {} }, status = 200) {
  const editors = await listEditors(req.app.locals.db);
  await renderPage(req, res, 'backoffice/editors', { title: res.locals.t('BackOffice.Editors.Title'), section: 'editors', editors, form: grantEditorForm, ...form }, status);
}

export function backOfficeHomeRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/backoffice', async (req, res) => {
    await renderPage(req, res, 'backoffice/home', { title: res.locals.t('BackOffice.Title'), section: 'home' });
  });
  router.get('/backoffice/editors', requireAdministrator(), (req, res) => showEditors(req, res));
  router.post('/backoffice/editors', requireAdministrator(), async (req, res) => {
    const posted = grantEditorForm.validate(req.body, res.locals.t);
    if (!posted.ok) return showEditors(req, res, posted, 400);
    const userId = await findAccountIdByEmail(req.app.locals.db, posted.data.Email);
    if (userId === null) return showEditors(req, res, { values: posted.values, errors: { Email: res.locals.t('BackOffice.Editors.UnknownAccount') } }, 400);
    await setEditorRole(req.app.locals.db, { userId, editor: true, actorId: actorIdOf(res) });
    setFlash(req, 'success', 'BackOffice.Editors.Granted', { email: posted.data.Email });
    seeOther(res, res.locals.href('backoffice/editors'));
  });
  router.post('/backoffice/editors/:id/remove', requireAdministrator(), async (req, res) => {
    const userId = pathId(req.params.id);
    if (userId === actorIdOf(res)) throw new BadInput({ id: 'BackOffice.Editors.NotYourself' });
    if (!(await setEditorRole(req.app.locals.db, { userId, editor: false, actorId: actorIdOf(res) }))) throw new NotFound();
    setFlash(req, 'success', 'BackOffice.Editors.Removed');
    seeOther(res, res.locals.href('backoffice/editors'));
  });
  return router;
}
