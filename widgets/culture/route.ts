import { type Request, Router } from 'express';
import { cultures } from '../../server/config';
import { renderWidget } from '../../server/http/render';
import { cultureLinksOf, pageFacts } from '../../server/seo/pages';

/** The culture an address under {app} is in (its first segment), else the request's. */
function cultureOfUrl(pathname: string, basePath: string, fallback: string): string {
  const segment = /^\/([a-z]{2})(?:[/?#]|$)/.exec(pathname.slice(basePath.length))?.[1];
  return segment && (cultures as readonly string[]).includes(segment) ? segment : fallback;
}

/** The culture widget's links for an address: each culture's own address of the same page (server/seo/pages.ts). */
export async function cultureLinksForUrl(req: Request, url: string, fallbackCulture: string) {
  const basePath: string = req.app.locals.config.BASE_PATH;
  const [pathname, query = ''] = url.split('#')[0].split('?');
  const culture = cultureOfUrl(pathname, basePath, fallbackCulture);
  const facts = await pageFacts(req.app.locals.db, { pathname, basePath, culture });
  return cultureLinksOf(facts, { basePath, search: query ? `?${query}` : '' });
}

/** GET {app}/{culture}/widget/culture?url=…: the culture widget for that address, alone. */
export function cultureWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/culture', async (req, res) => {
    const base = req.app.locals.config.BASE_PATH;
    const url = typeof req.query.url === 'string' && req.query.url.startsWith('/') && !req.query.url.startsWith('//') ? req.query.url : `${base}/${res.locals.culture}/`;
    await renderWidget(req, res, 'culture', { cultureLinks: await cultureLinksForUrl(req, url, res.locals.culture), currentUrl: url });
  });
  return router;
}
