import { Router } from 'express';
import { renderWidget } from '../../server/http/render';
import { loadNavigation } from '../../server/news/pages';
import { newsRequest, WIDGET_CACHE_CONTROL } from '../../server/news/request';

/** GET {site}/widget/news/navigation: the news categories, children in a dropdown on hover or focus from 1024 px. */
export function newsNavigationWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/news/navigation', async (req, res) => {
    const navigation = await loadNavigation(newsRequest(req, res));
    res.set('Cache-Control', WIDGET_CACHE_CONTROL);
    await renderWidget(req, res, 'news-navigation', { navigation });
  });
  return router;
}
