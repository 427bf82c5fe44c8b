import { type Request, Router } from 'express';
import { NotFound } from '../http/errors';
import { isPageNumber } from '../shared/paging';
import { pageOrigin } from '../http/site-url';
import { countSitemapPages, productEntries, sitemapBatches, sitemapIndex, urlsetClose, urlsetOpen } from './sitemap';

const siteUrl = (req: Request) => `${pageOrigin(req)}${req.app.locals.config.BASE_PATH}`;

/**
 * {app}/sitemap-products.xml: the index of the products sitemap files; {app}/sitemap-products-{n}.xml:
 * file n, streamed as it is read from the database.
 */
export function sitemapRoutes(): Router {
  const router = Router();
  router.get('/sitemap-products.xml', async (req, res) => {
    const pages = await countSitemapPages(req.app.locals.db);
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapIndex(siteUrl(req), pages));
  });
  router.get('/sitemap-products-:page.xml', async (req, res) => {
    const page = isPageNumber(req.params.page) ? Number(req.params.page) : 0;
    if (page < 1 || page > (await countSitemapPages(req.app.locals.db))) throw new NotFound();
    const base = siteUrl(req);
    const batches = sitemapBatches(req.app.locals.db, { page });
    const first = await batches.next();
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600');
    res.write(urlsetOpen);
    if (!first.done) res.write(first.value.map((product) => productEntries(product, base)).join(''));
    for await (const batch of batches) res.write(batch.map((product) => productEntries(product, base)).join(''));
    res.end(urlsetClose);
  });
  return router;
}
