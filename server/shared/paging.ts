import { BadInput } from '../http/errors';

/**
 * Pagination of the specification (section 9): inner window 2 (0 on small screens), outer window 0,
 * hidden with one page; the element carries totalPages and currentPages data. Every page number is
 * rendered with its distance from the current page, so CSS hides distance > 0 on small screens.
 */
export const INNER_WINDOW = 2;
export const OUTER_WINDOW = 0;

export type PaginationItem =
  | { kind: 'page'; number: number; current: boolean; distance: number }
  /** Pages left out; smallOnly when only the small-screen window (0) leaves them out. */
  | { kind: 'gap'; smallOnly: boolean };

export interface Pagination {
  totalPages: number;
  currentPage: number;
  hidden: boolean;
  first: number | null;
  previous: number | null;
  next: number | null;
  last: number | null;
  items: PaginationItem[];
}

export function totalPagesOf(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/**
 * Outer window 0: no page numbers pinned at the edges, so the numbers are the inner window alone, with
 * a gap on each side that leaves pages out. A gap only the small-screen window (0) needs is marked so.
 */
export function buildPagination({ currentPage, totalPages, innerWindow = INNER_WINDOW }: {
  currentPage: number;
  totalPages: number;
  innerWindow?: number;
}): Pagination {
  const total = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, currentPage), total);
  const start = Math.max(1, current - innerWindow);
  const end = Math.min(total, current + innerWindow);
  const items: PaginationItem[] = [];
  if (current > 1) items.push({ kind: 'gap', smallOnly: start === 1 });
  for (let page = start; page <= end; page++) {
    items.push({ kind: 'page', number: page, current: page === current, distance: Math.abs(page - current) });
  }
  if (current < total) items.push({ kind: 'gap', smallOnly: end === total });
  return {
    totalPages: total,
    currentPage: current,
    hidden: total <= 1,
    first: current > 1 ? 1 : null,
    previous: current > 1 ? current - 1 : null,
    next: current < total ? current + 1 : null,
    last: current < total ? total : null,
    items,
  };
}

const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/** Whether a text spells a page number (1 to 999999, no sign, no leading zero). */
export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text);
}

/** The asked page of a query parameter: 1 when absent or empty; anything else but a page number is a 400 naming it. */
export function pageNumberOf(value: unknown, field: string): number {
  if (value === undefined || value === '') return 1;
  if (typeof value !== 'string' || !isPageNumber(value)) throw new BadInput({ [field]: 'Catalog.InvalidParameter' });
  return Number(value);
}
