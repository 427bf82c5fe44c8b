import { Router } from 'express';
import { appLocals } from '../../server/http/locals';
import { renderWidget } from '../../server/http/render';
import { parseMapConfig } from '../../server/maps/map-config';
import { mapWidgetModel, searchText } from '../../server/maps/widget';
import { categoryIdsOf } from '../../server/projects/input';
import { loadProjectsOf } from '../../server/projects/pages';

const configNames = ['center', 'zoom', 'mapType', 'styles', 'draggable', 'zoomControl', 'scrollWheel', 'mapTypeControl', 'streetViewControl', 'disableDoubleClickZoom', 'fitBounds'];

/**
 * GET {app}/widget/map/projects/{categoryIds}?q=&zoom=&mapType=&… (and under {app}/{culture}/): the
 * projects of those categories as a map widget (docs/maps.md: the config's query names). q, a typed
 * place, is geocoded on the server and the list comes nearest first. Bad ids or config: 400; an id
 * that is no visible category: 404.
 */
export function mapWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/map/projects/:categoryIds', async (req, res) => {
    const categoryIds = categoryIdsOf(req.params.categoryIds);
    const config = parseMapConfig(req.query);
    const { culture, basePath } = res.locals;
    const { markers } = await loadProjectsOf(appLocals(req).db, { culture, basePath, categoryIds, now: Date.now() });
    const keep = Object.fromEntries(configNames.filter((name) => typeof req.query[name] === 'string').map((name) => [name, String(req.query[name])]));
    if (typeof req.query.culture === 'string') keep.culture = culture;
    const action = req.baseUrl + req.path;
    const map = await mapWidgetModel(req, res, { id: 'projects-map', markers, config, search: { action, query: searchText(req.query.q), keep } });
    res.set('Cache-Control', 'public, max-age=60');
    await renderWidget(req, res, 'map', { map });
  });
  return router;
}
