import { Router } from 'express';
import { renderWidget } from '../../server/http/render';
import { loadPosts } from '../../server/news/pages';
import { newsListWidgetPath } from '../../server/news/paths';
import { parseDay, widgetScopeOf } from '../../server/news/rules';
import { newsRequest, WIDGET_CACHE_CONTROL } from '../../server/news/request';
import { pageNumberOf } from '../../server/shared/paging';

/**
 * GET {site}/widget/news/newslist/{categoryIds}/{displayChildren}/{postPerPage}/{year-month-day}?pageindex=
 * (and under {app}/{culture}/): the visible posts of that day in the shop's time zone, postPerPage a page.
 */
export function newsListWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/news/newslist/:categoryIds/:displayChildren/:postPerPage/:date', async (req, res) => {
    const scope = widgetScopeOf(req.params);
    const day = parseDay(req.params.date);
    const page = pageNumberOf(req.query.pageindex, 'pageindex');
    const request = newsRequest(req, res);
    const own = request.basePath + newsListWidgetPath(request.culture, scope, req.params.date);
    const list = await loadPosts(request, { ...scope, page, pageSize: scope.postPerPage, day, pageHref: (number) => `${own}?pageindex=${number}` });
    res.set('Cache-Control', WIDGET_CACHE_CONTROL);
    await renderWidget(req, res, 'news-list', { list });
  });
  return router;
}
