// News addresses, relative to {app} (docs/news.md). Slugs are per culture; a slug of another culture
// redirects to the post's or category's own (so the culture switch, which swaps only the segment, works).

export const newsPath = (culture: string) => `/${culture}/news`;
export const newsPostPath = (culture: string, slug: string) => `/${culture}/news/${encodeURIComponent(slug)}`;
export const newsCategoryPath = (culture: string, slug: string) => `/${culture}/news/category/${encodeURIComponent(slug)}`;
export const newsDayPath = (culture: string, day: string) => `/${culture}/news/day/${day}`;
export const newsFeedPath = (culture: string) => `/${culture}/news/feed.xml`;
export const newsCategoryFeedPath = (culture: string, slug: string) => `/${culture}/news/category/${encodeURIComponent(slug)}/feed.xml`;

/** A widget's parameters as its address spells them: {categoryIds}/{displayChildren}/{postPerPage}. */
export interface WidgetScope {
  /** null: every category ("0" in the address). */
  categoryIds: number[] | null;
  displayChildren: boolean;
  postPerPage: number;
}

const scopeSegments = ({ categoryIds, displayChildren, postPerPage }: WidgetScope) =>
  `${categoryIds ? categoryIds.join(',') : '0'}/${displayChildren}/${postPerPage}`;

/** The culture-level widget address {app}/{culture}/widget/news/…, which the pages' scripts ask. */
export const calendarWidgetPath = (culture: string, scope: WidgetScope, month: number, year: number) =>
  `/${culture}/widget/news/calendar/${scopeSegments(scope)}/${month}/${year}`;

export const newsListWidgetPath = (culture: string, scope: WidgetScope, day: string) =>
  `/${culture}/widget/news/newslist/${scopeSegments(scope)}/${day}`;

export type PostsLayout = 'gallery' | 'masonry' | 'blog';

export const postsWidgetPath = (culture: string, layout: PostsLayout, scope: WidgetScope) =>
  `/${culture}/widget/news/${layout}/${scopeSegments(scope)}`;
