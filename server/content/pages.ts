import type { Request, Response } from 'express';
import { lightboxCss } from '../catalog/product-fragments';
import { priceDisplayOf } from '../currencies/display';
import { appLocals } from '../http/locals';
import { buildPagination, type Pagination } from '../shared/paging';
import { type StoredBlock, findPageBlock, listPageBlocks } from './blocks-data';
import { type BlockView, loadBlocks } from './blocks/load';
import type { BlockContext } from './blocks/types';
import { findPage, findPageByKey, type Page } from './data';

/** A page's blocks are split into pages at each 'page-break' block; a page never starts empty. */
export function splitAtBreaks(blocks: StoredBlock[]): StoredBlock[][] {
  const pages: StoredBlock[][] = [[]];
  for (const block of blocks) {
    if (block.type === 'page-break') pages.push([]);
    else pages[pages.length - 1].push(block);
  }
  return pages.filter((page, index) => index === 0 || page.length > 0);
}

/** The request's block context: its culture, {app}, translator, the visitor's currency, now. */
export function blockContext(req: Request, res: Response): BlockContext {
  return {
    db: appLocals(req).db,
    culture: res.locals.culture,
    basePath: res.locals.basePath,
    t: res.locals.t,
    display: () => priceDisplayOf(req, res),
    lightboxCss: lightboxCss(req.app.locals.assets),
    http: { req, res },
    now: Date.now(),
  };
}

type BlockLogger = Parameters<typeof loadBlocks>[3];

export interface PageView {
  page: Page;
  blocks: BlockView[];
  /** The spec's pagination (data: total pages, current page; ?pageindex=), with each page's address. */
  pagination: Pagination & { hrefs: Record<number, string> };
}

/**
 * A visitor's page at {app}/{culture}/{slug}?pageindex=N: null (a 404) for a draft, a page out of its
 * publishing window, or a page number past its last page.
 */
export async function loadPageView(context: BlockContext, { slug, pageIndex, logger }: { slug: string; pageIndex: number; logger?: BlockLogger }): Promise<PageView | null> {
  const page = await findPage(context.db, { culture: context.culture, slug, now: context.now });
  if (!page) return null;
  return pageViewOf(context, page, { pageIndex, logger, address: `${context.basePath}/${context.culture}/${page.slug}` });
}

/**
 * The view of a page already found: by a visitor's query above, or by a preview link whatever its state
 * (server/backoffice/pages/preview.ts), whose `address` is then the preview's own.
 */
export async function pageViewOf(context: BlockContext, page: Page, { pageIndex, logger, address }: { pageIndex: number; logger?: BlockLogger; address: string }): Promise<PageView | null> {
  const pages = splitAtBreaks(await listPageBlocks(context.db, { pageId: page.id, culture: context.culture }));
  if (pageIndex > pages.length) return null;
  const blocks = await loadBlocks(context, pages[pageIndex - 1], page.key, logger);
  const pagination = buildPagination({ currentPage: pageIndex, totalPages: pages.length });
  const hrefs = Object.fromEntries(pages.map((_, index) => [index + 1, index === 0 ? address : `${address}?pageindex=${index + 1}`]));
  return { page, blocks, pagination: { ...pagination, hrefs } };
}


/** One block of a visible page, by the page's key (its fragment address); null when there is none to show. */
export async function loadBlockView(context: BlockContext, { pageKey, blockId, logger }: { pageKey: string; blockId: number; logger?: BlockLogger }): Promise<BlockView | null> {
  const page = await findPageByKey(context.db, { culture: context.culture, pageKey, now: context.now });
  const stored = page && (await findPageBlock(context.db, { pageId: page.id, blockId, culture: context.culture }));
  if (!stored || stored.type === 'page-break') return null;
  const [view] = await loadBlocks(context, [stored], pageKey, logger);
  return view ?? null;
}
