import { z } from 'zod';
import { loadFaqWidget } from '../../faq/faq';
import { HttpError } from '../../http/errors';
import { parseMapConfig } from '../../maps/map-config';
import { mapWidgetModel } from '../../maps/widget';
import { loadPosts, type PostsModel } from '../../news/pages';
import { buildPagination } from '../../shared/paging';
import { loadProjectsOf } from '../../projects/pages';
import { blockType } from './types';

// Blocks that show another feature's items through that feature's own loader and widget partial
// (widgets/news-list, widgets/faq, widgets/projects-grid, widgets/map). Those loaders answer a 404 for
// a category that is not visible (any more); in a page the block then shows its empty state instead.

const id = z.number().int().positive().max(999_999_999);
const categoryIds = z.array(id).min(1).max(20);
const title = z.object({ title: z.string().trim().min(1).max(200) }).strict();

async function unlessGone<T>(load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return empty;
    throw error;
  }
}

/** The latest visible news posts of some categories (all when none is named), spec default 3. */
export const newsList = blockType({
  settings: z.object({ categoryIds: z.array(id).max(20).default([]), displayChildren: z.boolean().default(false), postPerPage: z.number().int().min(1).max(24).default(3) }).strict(),
  texts: title,
  load: async ({ db, culture, basePath, now }, block) => {
    const { categoryIds: ids, displayChildren, postPerPage } = block.settings;
    const noPosts: PostsModel = { posts: [], pagination: { ...buildPagination({ currentPage: 1, totalPages: 1 }), hrefs: {} } };
    const list = await unlessGone(
      () => loadPosts({ db, culture, basePath, now }, { categoryIds: ids.length ? ids : null, displayChildren, page: 1, pageSize: postPerPage, pageHref: () => '' }),
      noPosts,
    );
    // The block shows the latest posts; the news page ({app}/{culture}/news) pages through the rest.
    return { title: block.texts.title, list: { ...list, pagination: { ...list.pagination, hidden: true } } };
  },
});

/** FAQ categories with their entries as collapses. */
export const faq = blockType({
  settings: z.object({ categoryIds }).strict(),
  texts: title,
  load: async ({ db, culture, now }, block) => ({
    title: block.texts.title,
    categories: await unlessGone(() => loadFaqWidget(db, { culture, ids: block.settings.categoryIds, now }), []),
  }),
});

/** The visible projects of some categories as a grid. */
export const projectsGrid = blockType({
  settings: z.object({ categoryIds }).strict(),
  texts: title,
  load: async ({ db, culture, basePath, now }, block) => ({
    title: block.texts.title,
    projects: (await unlessGone(() => loadProjectsOf(db, { culture, basePath, categoryIds: block.settings.categoryIds, now }), { projects: [], markers: [] })).projects,
  }),
});

/** The projects of some categories on a map (a readable list of places without JavaScript or a maps key). */
export const map = blockType({
  settings: z.object({ categoryIds, zoom: z.number().int().min(1).max(20).optional() }).strict(),
  texts: title,
  load: async ({ db, culture, basePath, now, http }, block) => {
    const { markers } = await unlessGone(() => loadProjectsOf(db, { culture, basePath, categoryIds: block.settings.categoryIds, now }), { projects: [], markers: [] });
    const config = parseMapConfig(block.settings.zoom ? { zoom: String(block.settings.zoom) } : {});
    return { title: block.texts.title, map: await mapWidgetModel(http.req, http.res, { id: `map-block-${block.id}`, markers, config }) };
  },
});
