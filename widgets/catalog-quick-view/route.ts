import { Router } from 'express';
import { requiredId } from '../../server/shared/ids';
import { loadQuickView } from '../../server/catalog/quick-view';
import { priceDisplayOf } from '../../server/currencies/display';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/**
 * GET {app}/{culture}/widget/catalog/QuickView?productId= (and {site}/widget/catalog/QuickView with the
 * culture from ?culture=, the Referer or Accept-Language): the quick view of a list item, alone. A
 * non-numeric productId is a 400, an unknown or inactive product a 404.
 */
export function quickViewWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/QuickView', async (req, res) => {
    const productId = requiredId(req.query.productId, 'productId');
    const display = await priceDisplayOf(req, res);
    const quickView = await loadQuickView(req.app.locals.db, { culture: res.locals.culture, basePath: res.locals.basePath, productId, display });
    if (!quickView) throw new NotFound();
    // The price follows the visitor's currency cookie.
    res.set('Cache-Control', 'public, max-age=300').vary('Cookie');
    await renderWidget(req, res, 'catalog-quick-view', { quickView });
  });
  return router;
}
