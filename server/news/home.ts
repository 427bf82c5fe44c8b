import { NotFound } from '../http/errors';
import { type CalendarModel, currentMonth, loadCalendar } from './calendar-model';
import type { NewsCategory } from './data';
import { type CategoryNode, type Found, loadCategory, loadNavigation, loadPosts, type NewsRequest, type PostsModel } from './pages';
import { newsCategoryFeedPath, newsCategoryPath, newsDayPath, newsFeedPath, newsPath, type WidgetScope } from './paths';
import { DEFAULT_POSTS_PER_PAGE, type Day, type YearMonth } from './rules';
import { dayKey, dayStart } from './calendar';
import { shopDateFormat } from '../shared/time-zone';

// The news pages' models, each one call for its route: the list, a category, a day.

/** The category page's masonry wall: more than the spec's 3 so that a wall shows (docs/news.md). */
export const CATEGORY_PAGE_SIZE = 9;
const TICKER_POSTS = 5;
const everything: WidgetScope = { categoryIds: null, displayChildren: false, postPerPage: DEFAULT_POSTS_PER_PAGE };

function assertPageExists(posts: PostsModel, page: number): void {
  if (page > posts.pagination.totalPages) throw new NotFound();
}

export interface NewsHome {
  blog: PostsModel;
  calendar: CalendarModel;
  navigation: CategoryNode[];
  ticker: PostsModel;
  feed: string;
}

/** The news page: the blog list of a page (3 posts), the ticker, the navigation and the calendar at a month. */
export async function loadNewsHome(request: NewsRequest, { page, month }: { page: number; month: YearMonth | null }): Promise<NewsHome> {
  const base = request.basePath + newsPath(request.culture);
  const shown = month ?? currentMonth(request.now);
  const pageHref = (number: number) => (number === 1 ? base : `${base}?pageindex=${number}`);
  const [blog, ticker, calendar, navigation] = await Promise.all([
    loadPosts(request, { categoryIds: null, displayChildren: false, page, pageSize: DEFAULT_POSTS_PER_PAGE, pageHref }),
    loadPosts(request, { categoryIds: null, displayChildren: false, page: 1, pageSize: TICKER_POSTS, pageHref }),
    loadCalendar({ ...request, scope: everything, shown }),
    loadNavigation(request),
  ]);
  assertPageExists(blog, page);
  return { blog, ticker, calendar, navigation, feed: request.basePath + newsFeedPath(request.culture) };
}

export interface CategoryPage {
  category: NewsCategory;
  wall: PostsModel;
  navigation: CategoryNode[];
  feed: string;
}

/** A category's page: its posts and its children's, as a masonry wall. */
export async function loadCategoryPage(request: NewsRequest, { slug, page }: { slug: string; page: number }): Promise<Found<CategoryPage>> {
  const found = await loadCategory(request, slug);
  if (!found || 'redirect' in found) return found;
  const category = found.found;
  const base = request.basePath + newsCategoryPath(request.culture, category.slug);
  const pageHref = (number: number) => (number === 1 ? base : `${base}?pageindex=${number}`);
  const [wall, navigation] = await Promise.all([
    loadPosts(request, { categoryIds: [category.id], displayChildren: true, page, pageSize: CATEGORY_PAGE_SIZE, pageHref }),
    loadNavigation(request),
  ]);
  assertPageExists(wall, page);
  return { found: { category, wall, navigation, feed: request.basePath + newsCategoryFeedPath(request.culture, category.slug) } };
}

/** A day's posts (the calendar's day link without JS). */
export async function loadDayPage(request: NewsRequest, { day, page }: { day: Day; page: number }): Promise<{ day: Day; key: string; label: string; list: PostsModel }> {
  const base = request.basePath + newsDayPath(request.culture, dayKey(day));
  const pageHref = (number: number) => (number === 1 ? base : `${base}?pageindex=${number}`);
  const list = await loadPosts(request, { categoryIds: null, displayChildren: false, page, pageSize: DEFAULT_POSTS_PER_PAGE, day, pageHref });
  assertPageExists(list, page);
  // Noon: the day itself whatever the daylight-saving shift.
  const label = shopDateFormat(request.culture, { dateStyle: 'full' }).format(dayStart(day) + 12 * 3_600_000);
  return { day, key: dayKey(day), label, list };
}
