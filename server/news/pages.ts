import type { Culture } from '../config';
import type { Db } from '../db';
import { buildPagination, type Pagination, totalPagesOf } from '../shared/paging';
import { dayStart } from './calendar';
import { findPost, findSlugInCulture, listCategories, listPosts, type NewsCategory } from './data';
import { newsCategoryPath, newsPostPath } from './paths';
import { type CardView, cardView, type PostView, postView, type Presenter } from './present';
import { categoryScope, categoryTree, type Day } from './rules';

/** Who asks: the culture, {app} and the clock the visibility rule reads. */
export interface NewsRequest {
  db: Db;
  culture: Culture;
  basePath: string;
  now: number;
}

export interface PostsModel {
  posts: CardView[];
  pagination: Pagination & { hrefs: Record<number, string> };
}

export type CategoryNode = NewsCategory & { href: string; children: (NewsCategory & { href: string })[] };

async function presenterOf({ db, culture, basePath }: NewsRequest): Promise<{ presenter: Presenter; categories: NewsCategory[] }> {
  const categories = await listCategories(db, { culture });
  return { presenter: { culture, basePath, categories: new Map(categories.map((category) => [category.id, category])) }, categories };
}

/** A page of visible posts of the scope (null: every category), a day's when `day` is given. */
export async function loadPosts(
  request: NewsRequest,
  { categoryIds, displayChildren, page, pageSize, day, pageHref }: {
    categoryIds: number[] | null; displayChildren: boolean; page: number; pageSize: number; day?: Day; pageHref: (page: number) => string;
  },
): Promise<PostsModel> {
  const { presenter, categories } = await presenterOf(request);
  const scope = categoryScope(categories, categoryIds, displayChildren);
  const window = day ? { from: dayStart(day), until: dayStart({ ...day, day: day.day + 1 }) } : {};
  const { total, posts } = await listPosts(request.db, { ...request, ...window, categoryIds: scope, offset: (page - 1) * pageSize, limit: pageSize });
  const pagination = buildPagination({ currentPage: page, totalPages: totalPagesOf(total, pageSize) });
  const hrefs: Record<number, string> = {};
  for (let number = 1; number <= pagination.totalPages; number++) hrefs[number] = pageHref(number);
  return { posts: posts.map((post) => cardView(post, presenter)), pagination: { ...pagination, hrefs } };
}

/** The categories as a tree for the navigation, each with its page's address. */
export async function loadNavigation(request: NewsRequest): Promise<CategoryNode[]> {
  const categories = await listCategories(request.db, { culture: request.culture });
  const withHref = <T extends NewsCategory>(category: T) => ({ ...category, href: request.basePath + newsCategoryPath(request.culture, category.slug) });
  return categoryTree(categories).map((node) => ({ ...withHref(node), children: node.children.map(withHref) }));
}

export type Found<T> = { found: T } | { redirect: string } | null;

/** A category by its slug in the culture; another culture's slug redirects to this culture's. */
export async function loadCategory(request: NewsRequest, slug: string): Promise<Found<NewsCategory>> {
  const categories = await listCategories(request.db, { culture: request.culture });
  const category = categories.find((candidate) => candidate.slug === slug);
  if (category) return { found: category };
  const own = await findSlugInCulture(request.db, { kind: 'category', slug, culture: request.culture, now: request.now });
  return own ? { redirect: request.basePath + newsCategoryPath(request.culture, own) } : null;
}

/** A visible post by its slug in the culture; another culture's slug redirects; a draft or future post is null. */
export async function loadPost(request: NewsRequest, slug: string): Promise<Found<PostView>> {
  const post = await findPost(request.db, { ...request, slug });
  if (post) return { found: postView(post, (await presenterOf(request)).presenter) };
  const own = await findSlugInCulture(request.db, { kind: 'post', slug, culture: request.culture, now: request.now });
  return own ? { redirect: request.basePath + newsPostPath(request.culture, own) } : null;
}
