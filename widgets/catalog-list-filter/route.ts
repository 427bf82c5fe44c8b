import { Router } from 'express';
import { renderWidget } from '../../server/http/render';
import { optionalId } from '../../server/shared/ids';
import { parseFilterParam } from '../../server/catalog/filters';
import { filterFromFacetFields, isFacetFormSubmission } from '../../server/catalog/filters-form';
import { loadFilterPanel } from '../../server/catalog/lists';
import { listContext } from '../../server/catalog/lists-page';
import { parseListQuery } from '../../server/catalog/lists-query';
import { resolveScope } from '../../server/catalog/lists-scope';
import { priceDisplayOf } from '../../server/currencies/display';

/**
 * GET {site}/widget/catalog/ListFilter?categoryId&brandId&currentFilter (also tagId, q, and the list's
 * sort, display and pageSize for its links) and {app}/{culture}/widget/catalog/ListFilter: the filter
 * panel alone, the same fragment list pages include. The facet form's fields (facets=1) may stand in for
 * currentFilter: that is how the panel reloads itself when refresh-on-click is off. The price bands are
 * told in the visitor's currency (the `currency` cookie), as on the list: hence Vary: Cookie; the page
 * cache keeps the culture address per currency.
 */
export function listFilterWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/ListFilter', async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const id = (name: string) => optionalId(query[name], name) ?? undefined;
    const ids = { categoryId: id('categoryId'), brandId: id('brandId'), tagId: id('tagId') };
    const filter = isFacetFormSubmission(query) ? filterFromFacetFields(query) : parseFilterParam(query.currentFilter, 'currentFilter');
    const { q, sort, display, pageSize } = query;
    const state = { ...parseListQuery({ q, sort, display, pageSize }), filter };
    const resolved = await resolveScope(req.app.locals.db, { culture: res.locals.culture, ...ids, q: state.q });
    const panel = await loadFilterPanel(req.app.locals.db, { ...listContext(res, resolved, state), display: await priceDisplayOf(req, res) });
    res.vary('Cookie');
    await renderWidget(req, res, 'catalog-list-filter', { panel });
  });
  return router;
}
