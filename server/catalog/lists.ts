import type { TFunction } from 'i18next';
import type { Db } from '../db';
import type { PriceDisplay } from '../currencies/display';
import { type ProductCard, loadProductCards } from './cards';
import { type FacetGroup, type SelectedFilter, buildFacetGroups, selectedFilters } from './facets';
import { type FacetCounts, countFacets } from './facets-count';
import { type CatalogFilter, emptyFilter, serializeFilter } from './filters';
import { cacheFor } from './lists-cache';
import { nameOrderFor, productIndexFor } from './lists-data';
import { type ListScope, findProductPage } from './lists-engine';
import { type Display, type ListState, type Sort, listSearch, pageSizes, searchSorts, sorts } from './lists-query';
import { type CatalogReference, loadReference } from './lists-reference';
import { type Pagination, buildPagination, totalPagesOf } from '../shared/paging';

/**
 * Facet counts are shared by every page of a list (and its ListFilter widget) for a short while; the
 * products of a page need no cache of their own, as the list body that shows them is kept whole
 * (lists-page.ts renderListBody). docs/catalog.md, "Speed and caching".
 */
const FACETS_TTL_MS = 30_000;

/** Where a list is and what it lists: everything its links and queries are built from. */
export interface ListContext {
  culture: string;
  /** {app}: links are basePath + listPath + query. */
  basePath: string;
  /** Relative to {app}, e.g. /fr/catalog/category/12/chemises. */
  listPath: string;
  scope: ListScope;
  /** A stable name of the scope for caching (e.g. 'category:12', 'search:lin bleu'). */
  scopeKey: string;
  state: ListState;
  /** The categories offered in the categories facet. */
  facetCategoryIds: number[];
  showBrands: boolean;
  /** The ListFilter widget's own parameters for this list (categoryId, brandId, tagId, q). */
  widgetParams: Record<string, string>;
  t: TFunction;
  /** The visitor's currency for the cards' prices and the price bands' labels (server/currencies/display.ts); stored prices without it. */
  display?: PriceDisplay;
}

export const hrefFor = (context: ListContext, changes: Partial<ListState>) =>
  `${context.basePath}${context.listPath}${listSearch(context.state, changes)}`;

export interface ProductListModel {
  cards: ProductCard[];
  total: number;
  display: Display;
  pagination: Pagination & { hrefs: Record<number, string> };
  sortOptions: { value: Sort; selected: boolean }[];
  pageSizeOptions: { value: number; selected: boolean }[];
  displayLinks: { value: Display; href: string; selected: boolean }[];
  /** The toolbar form's action (the list itself) and hidden fields, so it keeps the rest of the list state. */
  action: string;
  keep: Record<string, string>;
}

/** One page of the list: its products as cards, and how many products the whole list holds. */
async function productPage(db: Db, context: ListContext, pageIndex: number): Promise<{ cards: ProductCard[]; total: number }> {
  const { culture, basePath, scope, state, display } = context;
  const index = await productIndexFor(db);
  const nameOrder = state.sort === 'name' ? await nameOrderFor(db, index, culture) : null;
  const page = findProductPage(index, { scope, filter: state.filter, sort: state.sort, pageIndex, pageSize: state.pageSize, nameOrder });
  return { cards: await loadProductCards(db, { culture, basePath, productIds: page.productIds, display }), total: page.total };
}

/** The products of one page, the pagination and the toolbar (sort, page size, grid or table). */
export async function loadProductList(db: Db, context: ListContext): Promise<ProductListModel> {
  const { state } = context;
  let page = await productPage(db, context, state.pageIndex);
  const totalPages = totalPagesOf(page.total, state.pageSize);
  // A page past the end (an old link): the last page instead.
  if (state.pageIndex > totalPages) page = await productPage(db, context, totalPages);
  const pagination = buildPagination({ currentPage: state.pageIndex, totalPages });
  const linked = [...pagination.items.flatMap((item) => (item.kind === 'page' ? [item.number] : [])), pagination.first, pagination.last];
  const hrefs: Record<number, string> = {};
  for (const number of linked) if (number) hrefs[number] = hrefFor(context, { pageIndex: number });
  return {
    cards: page.cards,
    total: page.total,
    display: state.display,
    pagination: { ...pagination, hrefs },
    sortOptions: (state.q ? searchSorts : sorts).map((value) => ({ value, selected: value === state.sort })),
    pageSizeOptions: pageSizes.map((value) => ({ value, selected: value === state.pageSize })),
    displayLinks: (['grid', 'table'] as const).map((value) => ({ value, href: hrefFor(context, { display: value }), selected: value === state.display })),
    action: `${context.basePath}${context.listPath}`,
    keep: listFields(context, ['q', 'filter', 'display']),
  };
}

/** Hidden fields that carry parts of the list state through a GET form. */
function listFields(context: ListContext, names: ('q' | 'filter' | 'sort' | 'display' | 'pageSize')[]): Record<string, string> {
  const { state } = context;
  const fields: Record<string, string> = {};
  const values = { q: state.q, filter: serializeFilter(state.filter), sort: state.sort, display: state.display, pageSize: String(state.pageSize) };
  for (const name of names) if (values[name]) fields[name] = values[name];
  return fields;
}

export interface FilterPanelModel {
  groups: FacetGroup[];
  selected: SelectedFilter[];
  clearHref: string;
  /** The facet form's action: the list itself. */
  action: string;
  keep: Record<string, string>;
  /** GET {app}/{culture}/widget/catalog/ListFilter with this list's parameters (without the filter). */
  widgetUrl: string;
  refreshOnClick: boolean;
}

function facetCounts(db: Db, context: ListContext, reference: CatalogReference): Promise<FacetCounts> {
  const { scope, state } = context;
  const attributeIds = reference.attributes.map((attribute) => attribute.id);
  const key = JSON.stringify([context.scopeKey, serializeFilter(state.filter), context.facetCategoryIds, attributeIds]);
  return cacheFor<FacetCounts>(db, 'catalog-facets', FACETS_TTL_MS, 500).get(key, async () =>
    countFacets(await productIndexFor(db), { scope, filter: state.filter, categoryIds: context.facetCategoryIds, attributeIds }),
  );
}

/** The filter panel: facet groups with counts and toggle links, selected-filter tags and "clear all". */
export async function loadFilterPanel(db: Db, context: ListContext): Promise<FilterPanelModel> {
  const reference = await loadReference(db, context.culture);
  const counts = await facetCounts(db, context, reference);
  const hrefForFilter = (filter: CatalogFilter) => hrefFor(context, { filter });
  const groups = buildFacetGroups(
    { reference, counts, filter: context.state.filter, culture: context.culture, t: context.t, hrefFor: hrefForFilter, display: context.display },
    { categoryIds: context.facetCategoryIds, showBrands: context.showBrands },
  );
  const widgetQuery = new URLSearchParams(context.widgetParams).toString();
  return {
    groups,
    selected: selectedFilters(groups),
    clearHref: hrefForFilter(emptyFilter()),
    action: `${context.basePath}${context.listPath}`,
    keep: listFields(context, ['q', 'sort', 'display', 'pageSize']),
    widgetUrl: `${context.basePath}/${context.culture}/widget/catalog/ListFilter${widgetQuery ? `?${widgetQuery}` : ''}`,
    refreshOnClick: reference.settings.refreshOnClick,
  };
}
