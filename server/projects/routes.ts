import { type Request, type Response, Router } from 'express';
import { lightboxCss } from '../catalog/product-fragments';
import { NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { defaultMapConfig } from '../maps/map-config';
import { mapWidgetModel } from '../maps/widget';
import { projectsGridWidget } from '../../widgets/projects-grid/route';
import { mapWidget } from '../../widgets/map/route';
import { type Found, loadCategory, loadCategoryGrid, loadProject } from './pages';

// Project pages (docs/projects.md): the same for every visitor, so mounted behind the page cache and
// before the content pages' /{slug}. Unknown, draft, future or expired items are 404s.

const where = (res: Response) => ({ culture: res.locals.culture, basePath: res.locals.basePath, now: Date.now() });
const lookup = (req: Request, res: Response) => ({ ...where(res), slug: String(req.params.slug) });

/** The model of a Found; null once the redirect to this culture's slug is sent; a 404 when nothing is visible. */
function modelOf<T>(res: Response, found: Found<T>): T | null {
  if (!found) throw new NotFound();
  if ('model' in found) return found.model;
  res.redirect(301, found.redirect);
  return null;
}

async function categoriesPage(req: Request, res: Response): Promise<void> {
  const categories = await loadCategoryGrid(appLocals(req).db, where(res));
  await renderPage(req, res, 'projects/index', { title: res.locals.t('Projects.Title'), categories });
}

async function categoryPage(req: Request, res: Response): Promise<void> {
  const model = modelOf(res, await loadCategory(appLocals(req).db, lookup(req, res)));
  if (model) await renderPage(req, res, 'projects/category', { title: model.category.name, ...model });
}

async function projectPage(req: Request, res: Response): Promise<void> {
  const model = modelOf(res, await loadProject(appLocals(req).db, lookup(req, res)));
  if (model) await renderPage(req, res, 'projects/detail', { title: model.project.title, ...model, lightboxCss: lightboxCss(req.app.locals.assets) });
}

async function projectMapPage(req: Request, res: Response): Promise<void> {
  const model = modelOf(res, await loadProject(appLocals(req).db, lookup(req, res)));
  if (!model) return;
  const config = { ...defaultMapConfig, center: model.marker.coors, fitBounds: false };
  const map = await mapWidgetModel(req, res, { id: 'project-map', markers: [model.marker], config });
  await renderPage(req, res, 'projects/map', { title: res.locals.t('Projects.MapTitle', { title: model.project.title }), ...model, map });
}

/** {app}/{culture}/projects…: the pages and the culture-level widgets. */
export function projectRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/projects', categoriesPage);
  router.get('/projects/category/:slug', categoryPage);
  router.get('/projects/:slug', projectPage);
  router.get('/projects/:slug/map', projectMapPage);
  router.use(projectsGridWidget(), mapWidget());
  return router;
}

/** {app}/widget/…: the same widgets for integrators, their culture from ?culture=, the Referer or Accept-Language. */
export function projectSiteRoutes(): Router {
  return Router().use(projectsGridWidget(), mapWidget());
}
