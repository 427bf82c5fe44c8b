import { Router } from 'express';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';
import { loadPosts } from '../../server/news/pages';
import { type PostsLayout, postsWidgetPath } from '../../server/news/paths';
import { widgetScopeOf } from '../../server/news/rules';
import { newsRequest, WIDGET_CACHE_CONTROL } from '../../server/news/request';
import { pageNumberOf } from '../../server/shared/paging';

const layouts: PostsLayout[] = ['gallery', 'masonry', 'blog'];

/**
 * GET {site}/widget/news/{gallery|masonry|blog}/{categoryIds}/{displayChildren}/{postPerPage}?pageindex=
 * (and under {app}/{culture}/): a page of visible posts as a grid, a masonry wall or a blog list.
 */
export function newsPostsWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/news/:layout/:categoryIds/:displayChildren/:postPerPage', async (req, res, next) => {
    const layout = req.params.layout as PostsLayout;
    if (!layouts.includes(layout)) return next();
    const scope = widgetScopeOf(req.params);
    const page = pageNumberOf(req.query.pageindex, 'pageindex');
    const request = newsRequest(req, res);
    const own = request.basePath + postsWidgetPath(request.culture, layout, scope);
    const posts = await loadPosts(request, { ...scope, page, pageSize: scope.postPerPage, pageHref: (number) => `${own}?pageindex=${number}` });
    if (page > posts.pagination.totalPages) throw new NotFound();
    res.set('Cache-Control', WIDGET_CACHE_CONTROL);
    await renderWidget(req, res, 'news-posts', { layout, posts });
  });
  return router;
}
