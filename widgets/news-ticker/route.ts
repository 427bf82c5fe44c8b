import { Router } from 'express';
import { renderWidget } from '../../server/http/render';
import { loadPosts } from '../../server/news/pages';
import { widgetScopeOf } from '../../server/news/rules';
import { newsRequest, WIDGET_CACHE_CONTROL } from '../../server/news/request';

/** GET {site}/widget/news/ticker/{categoryIds}/{displayChildren}/{postPerPage}: the newest posts as a slider (a list without JS). */
export function newsTickerWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/news/ticker/:categoryIds/:displayChildren/:postPerPage', async (req, res) => {
    const scope = widgetScopeOf(req.params);
    const ticker = await loadPosts(newsRequest(req, res), { ...scope, page: 1, pageSize: scope.postPerPage, pageHref: () => '' });
    res.set('Cache-Control', WIDGET_CACHE_CONTROL);
    await renderWidget(req, res, 'news-ticker', { ticker });
  });
  return router;
}
