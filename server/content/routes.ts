import { Router } from 'express';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { findPage } from './data';

/** CMS pages: {app}/{culture}/ is the home page, {app}/{culture}/{slug} any other page. */
export function contentRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get(['/', '/:slug'], async (req, res) => {
    const page = await findPage(req.app.locals.db, { culture: res.locals.culture, slug: String(req.params.slug ?? '') });
    if (!page) throw new NotFound();
    await renderPage(req, res, page.isHome ? 'home' : 'page', { title: page.isHome ? '' : page.title, page });
  });
  return router;
}
