import { Router } from 'express';
import { safeReturnUrl } from '../../server/http/forms';
import { consentModel } from '../../server/consent/consent';
import { renderWidget } from '../../server/http/render';

/** GET {app}/{culture}/widget/consent?returnUrl=…: the visitor's consent status and settings form, alone. */
export function consentWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/consent', async (req, res) => {
    const returnUrl = safeReturnUrl(req.query.returnUrl, res.locals.href('consent'), res.locals.basePath);
    const consent = await consentModel(req, res);
    // The status is the visitor's own (from their cookie): never for a shared cache, as pages.
    res.set('Cache-Control', 'private, no-cache');
    await renderWidget(req, res, 'consent', { consent, returnUrl });
  });
  return router;
}
