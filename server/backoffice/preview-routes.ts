// Revoking an item's preview links: POST {culture}/backoffice/previews/{entity}/{id}/revoke (behind
// requireBackOffice: editors and administrators; CSRF as every post), then back to the editor (303) with
// a notice. Every link made before answers 404; the editor's page then shows new links.
import { type Response, Router } from 'express';
import { setFlash, safeReturnUrl, seeOther } from '../http/forms';
import { NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { pathId } from '../shared/ids';
import { actorIdOf } from './access';
import { previewKindOf } from './preview';
import { revokePreviews } from './preview-data';

/** What views/partials/backoffice/revoke-previews.ejs needs: where it posts, where it comes back to. */
export function revokeForm(res: Response, item: { entity: string; id: number }, returnUrl: string): { action: string; returnUrl: string } {
  return { action: res.locals.href(`backoffice/previews/${item.entity}/${item.id}/revoke`), returnUrl };
}

export function previewBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/backoffice/previews/:entity/:id/revoke', async (req, res) => {
    const item = { ...previewKindOf(String(req.params.entity)), id: pathId(req.params.id) };
    if (!(await revokePreviews(appLocals(req).db, { item, actorId: actorIdOf(res) }))) throw new NotFound();
    setFlash(req, 'success', 'BackOffice.Items.PreviewsRevoked');
    seeOther(res, safeReturnUrl(req.body?.ReturnUrl, res.locals.href('backoffice'), res.locals.basePath));
  });
  return router;
}
