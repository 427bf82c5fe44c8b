import { Router } from 'express';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { pageOrigin } from '../http/site-url';
import { pageNumberOf } from '../shared/paging';
import { lightboxCss } from '../catalog/product-fragments';
import { buildFeed } from './feed';
import { loadCategoryPage, loadDayPage, loadNewsHome } from './home';
import { loadPost } from './pages';
import { newsRequest } from './request';
import { askedMonth, parseDay } from './rules';
import { newsWidgetRoutes } from './widget-routes';

/** Visitors' news pages under {app}/{culture}/news (docs/news.md); kept by the page cache, mounted after keepAnswers. */
export function newsRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(newsWidgetRoutes());

  router.get('/news', async (req, res) => {
    const page = pageNumberOf(req.query.pageindex, 'pageindex');
    const home = await loadNewsHome(newsRequest(req, res), { page, month: askedMonth(req.query) });
    await renderPage(req, res, 'news/list', { title: res.locals.t('News.Title'), ...home });
  });

  router.get(['/news/feed.xml', '/news/category/:slug/feed.xml'], async (req, res) => {
    const t = res.locals.t;
    const feed = await buildFeed(
      { ...newsRequest(req, res), origin: pageOrigin(req), description: t('News.FeedDescription'), title: (category) => (category ? `${t('News.Title')} – ${category}` : t('News.Title')) },
      typeof req.params.slug === 'string' ? req.params.slug : null,
    );
    res.type('application/rss+xml').set('Cache-Control', 'public, max-age=300').send(feed);
  });

  router.get('/news/category/:slug', async (req, res) => {
    const page = pageNumberOf(req.query.pageindex, 'pageindex');
    const found = await loadCategoryPage(newsRequest(req, res), { slug: req.params.slug, page });
    if (!found) throw new NotFound('News.CategoryNotFound');
    if ('redirect' in found) return res.redirect(301, found.redirect);
    await renderPage(req, res, 'news/category', { title: found.found.category.name, ...found.found });
  });

  router.get('/news/day/:date', async (req, res) => {
    const page = pageNumberOf(req.query.pageindex, 'pageindex');
    const day = await loadDayPage(newsRequest(req, res), { day: parseDay(req.params.date), page });
    await renderPage(req, res, 'news/day', { title: res.locals.t('News.DayTitle', { date: day.label }), ...day });
  });

  router.get('/news/:slug', async (req, res) => {
    const found = await loadPost(newsRequest(req, res), req.params.slug);
    if (!found) throw new NotFound('News.PostNotFound');
    if ('redirect' in found) return res.redirect(301, found.redirect);
    await renderPage(req, res, 'news/post', { title: found.found.title, post: found.found, lightboxCss: lightboxCss(req.app.locals.assets) });
  });
  return router;
}
