import { Router } from 'express';
import { z } from 'zod';
import { safeReturnUrl, seeOther, setFlash } from '../http/forms';
import { isHtmxRequest, renderWidget } from '../http/render';
import { subscribe } from './data';

const subscription = z.object({
  Email: z.string().trim().toLowerCase().max(320).pipe(z.email()),
  returnUrl: z.string().optional(),
});

/**
 * POST {app}/{culture}/newsletter: without JS a redirect back with a notice (post-redirect-get);
 * from the footer's ajax form the widget answers its own fragment (thanks, or the form with its error).
 */
export function newsletterRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/newsletter', async (req, res) => {
    const parsed = subscription.safeParse(req.body);
    const ajax = isHtmxRequest(req);
    if (!parsed.success) {
      if (ajax) return renderWidget(req, res, 'newsletter', { newsletter: { error: 'Newsletter.InvalidEmail', value: String(req.body?.Email ?? '') } }, 400);
      setFlash(req, 'error', 'Newsletter.InvalidEmail');
      return seeOther(res, safeReturnUrl(req.body?.returnUrl, res.locals.href('')));
    }
    await subscribe(req.app.locals.db, { email: parsed.data.Email, culture: res.locals.culture });
    if (ajax) return renderWidget(req, res, 'newsletter', { newsletter: { subscribed: true } });
    setFlash(req, 'success', 'Newsletter.Subscribed');
    seeOther(res, safeReturnUrl(parsed.data.returnUrl, res.locals.href('')));
  });
  return router;
}
