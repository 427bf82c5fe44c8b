import { BadInput, type FieldErrors } from '../http/errors';
import { type CatalogFilter, emptyFilter, listInputError, parseFilterParam, serializeFilter } from './filters';
import { isPageNumber } from '../shared/paging';

/** Query parameters of every product list (spec: display, sort, pageSize, pageindex, filter; q on search). */
export const displays = ['grid', 'table'] as const;
export const sorts = ['position', 'name', 'price-asc', 'price-desc', 'newest'] as const;
/** Search results add their own order, best match first (the default there). */
export const searchSorts = ['relevance', ...sorts] as const;
export const pageSizes = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;

export type Display = (typeof displays)[number];
export type Sort = (typeof searchSorts)[number];

export interface ListState {
  /** The search text ('' when nothing is searched). */
  q: string;
  filter: CatalogFilter;
  sort: Sort;
  display: Display;
  pageSize: number;
  /** 1-based. */
  pageIndex: number;
}

export const defaultSort = (q: string): Sort => (q ? 'relevance' : 'position');

export const defaultListState = (): ListState => ({
  q: '',
  filter: emptyFilter(),
  sort: 'position',
  display: 'grid',
  pageSize: DEFAULT_PAGE_SIZE,
  pageIndex: 1,
});

function single(query: Record<string, unknown>, name: string, errors: FieldErrors): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') errors[name] = 'Catalog.InvalidParameter';
  return typeof value === 'string' ? value : undefined;
}

/**
 * One of the allowed values, the fallback when absent or empty. Anything else is a bad list parameter:
 * noted in errors when given (to report every bad field at once), else thrown.
 */
export function oneOf<T extends string | number>(value: unknown, allowed: readonly T[], fallback: T, field: string, errors?: FieldErrors): T {
  if (value === undefined || value === '') return fallback;
  const found = allowed.find((item) => String(item) === value);
  if (found !== undefined) return found;
  if (!errors) throw listInputError({ [field]: 'Catalog.InvalidParameter' });
  errors[field] = 'Catalog.InvalidParameter';
  return fallback;
}

/** Reads a list's query; any bad parameter (unknown sort, non-numeric page, malformed filter) is a 400. */
export function parseListQuery(query: Record<string, unknown>): ListState {
  const errors: FieldErrors = {};
  const q = (single(query, 'q', errors) ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const sortsHere = q ? searchSorts : sorts;
  const sort = oneOf<Sort>(single(query, 'sort', errors), sortsHere, defaultSort(q), 'sort', errors);
  const display = oneOf<Display>(single(query, 'display', errors), displays, 'grid', 'display', errors);
  const pageSize = oneOf<number>(single(query, 'pageSize', errors), pageSizes, DEFAULT_PAGE_SIZE, 'pageSize', errors);
  const rawIndex = single(query, 'pageindex', errors);
  if (rawIndex !== undefined && rawIndex !== '' && !isPageNumber(rawIndex)) errors.pageindex = 'Catalog.InvalidParameter';
  let filter = emptyFilter();
  try {
    filter = parseFilterParam(query.filter);
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    Object.assign(errors, error.fields);
  }
  if (Object.keys(errors).length) throw listInputError(errors);
  const pageIndex = rawIndex && !errors.pageindex ? Number(rawIndex) : 1;
  return { q, filter, sort, display, pageSize, pageIndex };
}

/**
 * The query string of a list address: only what differs from the defaults, in a fixed order.
 * Changing the filter or the page size drops pageindex (the spec's rule), so the visitor starts at page 1.
 */
export function listSearch(state: ListState, changes: Partial<ListState> = {}, extra: Record<string, string> = {}): string {
  const next = { ...state, ...changes };
  const resetsPaging = changes.filter !== undefined || changes.pageSize !== undefined;
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  const filter = serializeFilter(next.filter);
  if (filter) params.set('filter', filter);
  if (next.sort !== defaultSort(next.q)) params.set('sort', next.sort);
  if (next.display !== 'grid') params.set('display', next.display);
  if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
  const pageIndex = resetsPaging && changes.pageIndex === undefined ? 1 : next.pageIndex;
  if (pageIndex > 1) params.set('pageindex', String(pageIndex));
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}
