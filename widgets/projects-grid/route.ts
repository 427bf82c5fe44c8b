import { Router } from 'express';
import { appLocals } from '../../server/http/locals';
import { renderWidget } from '../../server/http/render';
import { categoryIdsOf } from '../../server/projects/input';
import { loadProjectsOf } from '../../server/projects/pages';

/**
 * GET {app}/widget/projects/grid/{categoryIds} and {app}/{culture}/widget/projects/grid/{categoryIds}
 * (ids comma separated): the visible projects of those categories as a grid, alone. A malformed list
 * is a 400, an id that is no visible category a 404 (both localised); drafts and future projects never show.
 */
export function projectsGridWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/projects/grid/:categoryIds', async (req, res) => {
    const categoryIds = categoryIdsOf(req.params.categoryIds);
    const { culture, basePath } = res.locals;
    const { projects } = await loadProjectsOf(appLocals(req).db, { culture, basePath, categoryIds, now: Date.now() });
    res.set('Cache-Control', 'public, max-age=60');
    await renderWidget(req, res, 'projects-grid', { projects, lazyFrom: 0 });
  });
  return router;
}
