import path from 'node:path';
import type { Request, Response } from 'express';
import { priceDisplayOf } from '../currencies/display';
import { seeOther } from '../http/forms';
import { renderFile, viewsDir } from '../http/render';
import { filterFromFacetFields, isFacetFormSubmission } from './filters-form';
import { type FilterPanelModel, type ListContext, type ProductListModel, loadFilterPanel, loadProductList } from './lists';
import { cacheFor } from './lists-cache';
import { type ListState, listSearch, parseListQuery } from './lists-query';
import type { ResolvedScope } from './lists-scope';

/** The fields of the facet form: they are turned into `filter` and never kept in a list address. */
function listQueryOf(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !/^(facets|Categories|Brands|Tags|Price|ProductAttributes\..*)$/.test(name)));
}

/**
 * Reads a list request: a facet form submission is answered with a redirect to the canonical address
 * (filter as JSON, pageindex dropped), anything else with the list state. Bad parameters throw BadInput.
 */
export function readListRequest(req: Request, res: Response): ListState | null {
  const query = req.query as Record<string, unknown>;
  if (!isFacetFormSubmission(query)) return parseListQuery(query);
  const filter = filterFromFacetFields(query);
  const state = parseListQuery(listQueryOf(query));
  const path = req.originalUrl.split('?')[0];
  seeOther(res, `${path}${listSearch(state, { filter }, stringFields(query, ['entityName']))}`);
  return null;
}

const stringFields = (query: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.filter((name) => typeof query[name] === 'string').map((name) => [name, query[name] as string]));

export function listContext(res: Response, resolved: ResolvedScope, state: ListState): ListContext {
  return {
    culture: res.locals.culture,
    basePath: res.locals.basePath,
    listPath: resolved.listPath,
    scope: resolved.scope,
    scopeKey: resolved.scopeKey,
    state,
    facetCategoryIds: resolved.facetCategoryIds,
    showBrands: resolved.showBrands,
    widgetParams: resolved.widgetParams,
    t: res.locals.t,
  };
}

export interface ListPageModel {
  list: ProductListModel;
  /** Null on the Corporate theme, which has no filter panel. */
  panel: FilterPanelModel | null;
}

/** The product list and, on every theme but Corporate, the filter panel. */
export async function loadListPage(req: Request, context: ListContext, resolved: ResolvedScope): Promise<ListPageModel> {
  const { db } = req.app.locals;
  const withFilters = resolved.reference.settings.theme !== 'Corporate';
  const [list, panel] = await Promise.all([loadProductList(db, context), withFilters ? loadFilterPanel(db, context) : null]);
  return { list, panel };
}

const LIST_HTML_TTL_MS = 30_000;

/**
 * The body of a list page (views/partials/catalog/list-layout.ejs: filter panel and product list), which
 * is the same for every visitor of one list state in one culture: rendered once and kept as HTML for
 * LIST_HTML_TTL_MS, as shops cache list fragments. Nothing in it depends on the visitor but the currency
 * the prices are shown in (part of the key).
 */
export async function renderListBody(req: Request, res: Response, resolved: ResolvedScope, state: ListState): Promise<string> {
  const display = await priceDisplayOf(req, res);
  const context = { ...listContext(res, resolved, state), display };
  const key = JSON.stringify([context.culture, context.basePath, context.listPath, context.scopeKey, listSearch(context.state), resolved.reference.settings, display.currency]);
  return cacheFor<string>(req.app.locals.db, 'catalog-list-html', LIST_HTML_TTL_MS, 300).get(key, async () => {
    const model = await loadListPage(req, context, resolved);
    const { t, basePath, culture, href } = res.locals;
    return renderFile(req, path.join(viewsDir, 'partials', 'catalog', 'list-layout.ejs'), { t, basePath, culture, href, ...model });
  });
}

/** A wrong or old slug: 301 to this culture's address of the same thing, keeping the query. */
export function redirectToSlug(req: Request, res: Response, path: string): boolean {
  const [current, query] = req.originalUrl.split('?');
  const wanted = `${res.locals.basePath}${path}`;
  if (decodeURIComponent(current) === decodeURIComponent(wanted)) return false;
  res.redirect(301, query ? `${wanted}?${query}` : wanted);
  return true;
}
