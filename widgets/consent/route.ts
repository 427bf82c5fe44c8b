import { Router } from 'express';
import { safeReturnUrl } from '../../server/accounts/routes';
import { consentModel } from '../../server/consent/consent';
import { renderWidget } from '../../server/http/render';

/** GET {app}/{culture}/widget/consent?returnUrl=…: the visitor's consent status and settings form, alone. */
export function consentWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/consent', async (req, res) => {
    const returnUrl = safeReturnUrl(req.query.returnUrl, res.locals.href('consent'));
    const consent = await consentModel(req, res);
    res.set('Cache-Control', 'private, no-store');
    await renderWidget(req, res, 'consent', { consent, returnUrl });
  });
  return router;
}
