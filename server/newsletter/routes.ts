import { Router } from 'express';
import { safeReturnUrl, seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renderWidget, wantsFragment } from '../http/render';
import { subscribe } from './data';
import { newsletterForm } from './form';

/** The widget's root (widgets/newsletter), which its ajax form targets. */
const NEWSLETTER_TARGET = 'newsletter';

/**
 * POST {app}/{culture}/newsletter: without JS a redirect back with a notice (post-redirect-get);
 * from the footer's ajax form the widget answers its own fragment (thanks, or the form with its error).
 */
export function newsletterRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/newsletter', async (req, res) => {
    const result = newsletterForm.validate(req.body, res.locals.t);
    const fragment = wantsFragment(req, NEWSLETTER_TARGET);
    if (!result.ok) {
      if (fragment) return renderWidget(req, res, 'newsletter', { newsletter: { values: result.values, errors: result.errors } }, 400);
      setFlash(req, 'error', 'Newsletter.InvalidEmail');
      return seeOther(res, safeReturnUrl(req.body?.returnUrl, res.locals.href(''), res.locals.basePath));
    }
    await subscribe(appLocals(req).db, { email: result.data.Email, culture: res.locals.culture });
    if (fragment) return renderWidget(req, res, 'newsletter', { newsletter: { subscribed: true } });
    setFlash(req, 'success', 'Newsletter.Subscribed');
    seeOther(res, safeReturnUrl(result.data.returnUrl, res.locals.href(''), res.locals.basePath));
  });
  return router;
}
