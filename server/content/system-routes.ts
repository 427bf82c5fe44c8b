import { Router } from 'express';
import { requireRole, requireUser } from '../accounts/current-user';
import { renderPage } from '../http/render';
import { blockContext } from './pages';
import { loadHome } from './home';
import { runSystemChecks } from './system-checks';

/**
 * The spec's system pages (docs/pages.md): {app}/{culture}/system/init, the first-run check of an
 * installation for the hosting team (staff only), and {app}/{culture}/customer/init, a signed-in
 * customer's landing after sign-up. Both are per visitor: never kept by the page cache.
 */
export function systemPageRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/system/init', requireRole('staff'), async (req, res) => {
    const { db, config, dialect, assets } = req.app.locals;
    const checks = await runSystemChecks({ db, config, dialect, assets, t: res.locals.t, now: Date.now() });
    res.set('Cache-Control', 'no-store');
    await renderPage(req, res, 'content/system-init', { title: res.locals.t('Pages.System.Title'), checks, ready: checks.every((check) => check.state !== 'failed') });
  });
  router.get('/customer/init', requireUser(), async (req, res) => {
    const { departments } = await loadHome(blockContext(req, res));
    await renderPage(req, res, 'content/customer-init', { title: res.locals.t('Pages.Customer.Title'), account: res.locals.user!, departments });
  });
  return router;
}
