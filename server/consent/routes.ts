import { type Request, type Response, Router } from 'express';
import { safeReturnUrl, seeOther, setFlash } from '../http/forms';
import { renderPage } from '../http/render';
import { chooseConsent } from '../../common/consent-settings';
import { consentForm, consentModel, currentStamp, setConsentCookie } from './consent';

/**
 * GET {app}/{culture}/consent: the settings page (status sentence and form). POST to the same
 * address is the no-JS form of the banner and of that page: it sets the cookie and goes back (303)
 * to returnUrl. With JavaScript the browser writes the same cookie itself (client/behaviours/consent.ts).
 */
export function consentRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/consent', async (req, res) => {
    await renderSettings(req, res, { returnUrl: safeReturnUrl(req.query.returnUrl, res.locals.href('consent'), res.locals.basePath) });
  });
  router.post('/consent', async (req, res) => {
    const form = consentForm.safeParse(req.body);
    if (!form.success) {
      const returnUrl = safeReturnUrl(req.body?.returnUrl, res.locals.href('consent'), res.locals.basePath);
      return renderSettings(req, res, { returnUrl, error: 'Consent.InvalidChoice' }, 400);
    }
    const stamp = await currentStamp(req.app.locals.db);
    setConsentCookie(req, res, chooseConsent(form.data.action, stamp, form.data));
    setFlash(req, 'success', 'Consent.Saved');
    seeOther(res, safeReturnUrl(form.data.returnUrl, res.locals.href(''), res.locals.basePath));
  });
  return router;
}

async function renderSettings(req: Request, res: Response, page: { returnUrl: string; error?: string }, status = 200) {
  res.locals.consentSettingsPage = true;
  const consent = await consentModel(req, res);
  await renderPage(req, res, 'consent', { title: res.locals.t('Consent.Settings'), consent, error: null, ...page }, status);
}
