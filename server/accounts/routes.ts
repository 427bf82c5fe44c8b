import { Router } from 'express';
import { safeReturnUrl } from '../http/forms';
import { renderPage } from '../http/render';

/**
 * {app}/{culture}/security/login?returnUrl=…: the page the shell opens in a modal on a 401.
 * Signing in itself (accounts, passwords, two-factor) is built by the accounts issue.
 */
export function accountRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/security/login', async (req, res) => {
    const home = `${req.app.locals.config.BASE_PATH}/${res.locals.culture}/`;
    const returnUrl = safeReturnUrl(req.query.returnUrl, home);
    await renderPage(req, res, 'security/login', { title: res.locals.t('Security.Login.Title'), returnUrl });
  });
  return router;
}
