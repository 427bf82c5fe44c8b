import { BadInput, NotFound } from '../http/errors';
import { ID_PATTERN } from '../shared/ids';
import type { NewsCategory } from './data';

// The widget addresses' parameters (spec 000 section 7): {categoryIds}/{displayChildren}/{postPerPage}
// then {month}/{year} or {year-month-day}. Anything malformed is a 400 naming the parameter.

/** Spec 000 section 9: news posts per page. */
export const DEFAULT_POSTS_PER_PAGE = 3;
/** The most posts one widget answer lists (documented in docs/news.md). */
export const MAX_POSTS_PER_PAGE = 50;
export const MAX_CATEGORY_IDS = 20;
/** The calendar's year selector and any year in an address: a sensible window, not 0 or 99999. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** "1,4,7" -> [1, 4, 7]; "0" -> null (every category). */
export function parseCategoryIds(text: string): number[] | null {
  if (text === '0') return null;
  const parts = text.split(',');
  if (parts.length > MAX_CATEGORY_IDS || !parts.every((part) => ID_PATTERN.test(part))) {
    throw new BadInput({ categoryIds: 'News.InvalidCategoryIds' });
  }
  return [...new Set(parts.map(Number))];
}

export function parseDisplayChildren(text: string): boolean {
  const value = text.toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new BadInput({ displayChildren: 'News.InvalidDisplayChildren' });
}

export function parsePostPerPage(text: string): number {
  const count = /^[1-9]\d{0,2}$/.test(text) ? Number(text) : 0;
  if (count < 1 || count > MAX_POSTS_PER_PAGE) throw new BadInput({ postPerPage: 'News.InvalidPostPerPage' });
  return count;
}

export interface YearMonth {
  year: number;
  month: number;
}

export function parseYearMonth(monthText: string, yearText: string): YearMonth {
  const month = /^(0?[1-9]|1[0-2])$/.test(monthText) ? Number(monthText) : 0;
  if (!month) throw new BadInput({ month: 'News.InvalidMonth' });
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : 0;
  if (year < FIRST_YEAR || year > LAST_YEAR) throw new BadInput({ year: 'News.InvalidYear' });
  return { year, month };
}

export interface Day extends YearMonth {
  day: number;
}

/** "2026-02-28" -> { 2026, 2, 28 }; "2026-02-30" or "2026-2-3" is a 400. */
export function parseDay(text: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const real = new Date(Date.UTC(year, month - 1, day));
  const valid = match && year >= FIRST_YEAR && year <= LAST_YEAR && real.getUTCMonth() === month - 1 && real.getUTCDate() === day;
  if (!valid) throw new BadInput({ date: 'News.InvalidDate' });
  return { year, month, day };
}

/**
 * The categories a widget lists: the asked ones, with their descendants when displayChildren. null
 * stays null (every category); an id that names no category is a 404.
 */
export function categoryScope(categories: NewsCategory[], ids: number[] | null, withChildren: boolean): number[] | null {
  if (ids === null) return null;
  const known = new Set(categories.map((category) => category.id));
  if (!ids.every((id) => known.has(id))) throw new NotFound('News.CategoryNotFound');
  const scope = new Set(ids);
  for (let grew = withChildren; grew; ) {
    grew = false;
    for (const category of categories) {
      if (category.parentId !== null && scope.has(category.parentId) && !scope.has(category.id)) {
        scope.add(category.id);
        grew = true;
      }
    }
  }
  return [...scope];
}

/** The category tree for the navigation: top-level categories with their children, in position order. */
export function categoryTree(categories: NewsCategory[]): (NewsCategory & { children: NewsCategory[] })[] {
  return categories
    .filter((category) => category.parentId === null)
    .map((category) => ({ ...category, children: categories.filter((child) => child.parentId === category.id) }));
}

/** The widget address's first three segments, checked. */
export function widgetScopeOf(params: Record<string, string | undefined>): { categoryIds: number[] | null; displayChildren: boolean; postPerPage: number } {
  return {
    categoryIds: parseCategoryIds(params.categoryIds ?? ''),
    displayChildren: parseDisplayChildren(params.displayChildren ?? ''),
    postPerPage: parsePostPerPage(params.postPerPage ?? ''),
  };
}

/** ?month=&year= of the news page (both or neither); neither: null (this month). */
export function askedMonth(query: Record<string, unknown>): YearMonth | null {
  const { month, year } = query;
  if ((month === undefined || month === '') && (year === undefined || year === '')) return null;
  return parseYearMonth(typeof month === 'string' ? month : '', typeof year === 'string' ? year : '');
}
