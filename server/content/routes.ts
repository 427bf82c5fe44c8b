import { Router } from 'express';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { pageNumberOf } from '../shared/paging';
import { homePreload, loadHome } from './home';
import { blockContext, loadPageView } from './pages';

/**
 * CMS pages: {app}/{culture}/ is the home page, {app}/{culture}/{slug} any other page, its blocks split
 * into pages at page breaks (?pageindex=2). Drafts and pages outside their window are 404s.
 */
export function contentRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get(['/', '/:slug'], async (req, res) => {
    const pageIndex = pageNumberOf(req.query.pageindex, 'pageindex');
    const context = blockContext(req, res);
    const view = await loadPageView(context, { slug: String(req.params.slug ?? ''), pageIndex, logger: req.app.locals.logger });
    if (!view) throw new NotFound();
    if (!view.page.isHome) return renderPage(req, res, 'page', { title: view.page.title, ...view });
    const home = await loadHome(context);
    await renderPage(req, res, 'home', { title: '', ...view, home, preloadImage: homePreload(home) });
  });
  return router;
}
