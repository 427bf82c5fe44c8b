import { Router } from 'express';
import type { TFunction } from 'i18next';
import { BadInput } from '../http/errors';
import { safeReturnUrl } from '../http/forms';
import { renderPage } from '../http/render';
import { firstText } from '../shared/ids';
import { confirmedAction } from './actions';

/** The spec's default confirmation text (section 9). */
export const DEFAULT_CONFIRM_TEXT = 'Core.SureToDelete';
const KEY = /^[A-Z][A-Za-z]*(\.[A-Z][A-Za-z]*)+$/;

/** The question asked: a text of the site's locale files when given its key, else Core.SureToDelete. */
function questionKey(t: TFunction, text: string | undefined): string {
  if (!text || !KEY.test(text)) return DEFAULT_CONFIRM_TEXT;
  const found: unknown = t(text, { returnObjects: true });
  return typeof found === 'string' && found !== text ? text : DEFAULT_CONFIRM_TEXT;
}

/**
 * GET {app}/{culture}/confirm?action=…&returnUrl=…[&text=Key]: the generic confirmation of a destructive
 * action, the page a [data-confirm] link opens without JavaScript (with it, the same page in a modal,
 * client/behaviours/confirm.ts). Its form posts to the action with the CSRF token and returnUrl; cancel
 * goes back to returnUrl. Only the routes of CONFIRMED_ACTIONS (./actions.ts) get a form: any other
 * address, of this site or not, is a 400 page without one.
 */
export function confirmRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/confirm', async (req, res) => {
    const { basePath, culture, href, t } = res.locals;
    const action = confirmedAction(firstText(req.query.action), { basePath, culture });
    if (!action) throw new BadInput({ action: 'Core.ConfirmInvalidAction' });
    const returnUrl = safeReturnUrl(firstText(req.query.returnUrl), href(''), basePath);
    const question = questionKey(t, firstText(req.query.text));
    await renderPage(req, res, 'confirm', { title: t('Core.ConfirmTitle'), action, returnUrl, question });
  });
  return router;
}
