import { Router } from 'express';
import { NotFound } from '../http/errors';
import { safeReturnUrl, seeOther } from '../http/forms';
import { pathId } from '../shared/ids';
import { POPUP_MEMORY_COOKIE, POPUP_MEMORY_MAX_AGE_S, remember } from '../../common/popup-memory';
import { parse as parseCookies } from 'cookie';
import { findItemEnd } from './data';

/**
 * POST {app}/{culture}/popups/{id}/close: the no-JavaScript close of a popup or banner. It remembers
 * the item in the popup-memory cookie (9999 days) and goes back (303) to returnUrl, which the layout
 * then renders without it. With JavaScript the browser writes the same cookie (client/behaviours/popups.ts).
 */
export function popupRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/popups/:id/close', async (req, res) => {
    const item = await findItemEnd(req.app.locals.db, { id: pathId(req.params.id) });
    if (!item) throw new NotFound();
    const memory = parseCookies(req.get('Cookie') ?? '')[POPUP_MEMORY_COOKIE];
    res.cookie(POPUP_MEMORY_COOKIE, remember(memory, item, Date.now()), {
      maxAge: POPUP_MEMORY_MAX_AGE_S * 1000,
      path: req.app.locals.config.BASE_PATH || '/',
      sameSite: 'lax',
      secure: req.secure,
      httpOnly: false,
    });
    seeOther(res, safeReturnUrl(req.body?.returnUrl, res.locals.href(''), res.locals.basePath));
  });
  return router;
}
