import { type RequestHandler, Router } from 'express';
import { siteCulture } from '../../server/http/culture';
import { BadInput } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';
import { parseFilterParam } from '../../server/catalog/filters';
import { filterFromFacetFields, isFacetFormSubmission } from '../../server/catalog/filters-form';
import { loadFilterPanel } from '../../server/catalog/lists';
import { listContext, listPage } from '../../server/catalog/lists-page';
import { parseListQuery } from '../../server/catalog/lists-query';
import { resolveScope } from '../../server/catalog/lists-scope';

function optionalId(query: Record<string, unknown>, name: string): number | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) throw new BadInput({ [name]: 'Catalog.InvalidParameter' });
  return Number(value);
}

/**
 * GET {site}/widget/catalog/ListFilter?categoryId&brandId&currentFilter (also tagId, q, and the list's
 * sort, display and pageSize for its links) and {app}/{culture}/widget/catalog/ListFilter: the filter
 * panel alone, the same fragment list pages include. The facet form's fields (facets=1) may stand in for
 * currentFilter: that is how the panel reloads itself when refresh-on-click is off.
 */
export function listFilterWidget({ siteLevel }: { siteLevel: boolean }): Router {
  const router = Router({ mergeParams: true });
  const culture: RequestHandler[] = siteLevel ? [siteCulture] : [];
  router.get('/widget/catalog/ListFilter', ...culture, listPage(async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const ids = { categoryId: optionalId(query, 'categoryId'), brandId: optionalId(query, 'brandId'), tagId: optionalId(query, 'tagId') };
    const filter = isFacetFormSubmission(query) ? filterFromFacetFields(query) : parseFilterParam(query.currentFilter, 'currentFilter');
    const { q, sort, display, pageSize } = query;
    const state = { ...parseListQuery({ q, sort, display, pageSize }), filter };
    const resolved = await resolveScope(req.app.locals.db, { culture: res.locals.culture, ...ids, q: state.q });
    const panel = await loadFilterPanel(req.app.locals.db, listContext(res, resolved, state));
    await renderWidget(req, res, 'catalog-list-filter', { panel });
  }));
  return router;
}
