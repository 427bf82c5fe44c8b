import type { Request, Response } from 'express';
import { seoHead } from './head';
import { cultureLinksOf, fixedPage, pageFacts } from './pages';
import { themeColor } from './theme';

/**
 * The layout's search-engine head and culture widget links, from one reading of "this page in every
 * culture" (server/seo/pages.ts). An error page must render when the database is what failed: it then
 * takes the fixed-page reading (the error page is noindex and prints no alternates anyway).
 */
export async function seoLayoutParts(req: Request, res: Response) {
  const culture: string = res.locals.culture ?? req.app.locals.config.DEFAULT_CULTURE;
  const basePath: string = req.app.locals.config.BASE_PATH;
  const [pathname, query = ''] = req.originalUrl.split('?');
  const reading = pageFacts(req.app.locals.db, { pathname, basePath, culture });
  const facts = res.locals.errorPage ? await reading.catch(() => fixedPage(pathname, basePath, culture)) : await reading;
  const seo = { ...(await seoHead(req, res, facts)), themeColor };
  return { seo, cultureLinks: cultureLinksOf(facts, { basePath, search: query ? `?${query}` : '' }) };
}
