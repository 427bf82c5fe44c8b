import { type Request, type Response, Router } from 'express';
import { currentUser } from '../accounts/current-user';
import { taxedPriceDisplayOf } from '../currencies/display';
import { NotFound } from '../http/errors';
import { renderPage } from '../http/render';
import { customerReferenceWidget } from '../../widgets/catalog-customer-reference/route';
import { degressivePriceWidget } from '../../widgets/catalog-degressive-price/route';
import { photosGalleryWidget } from '../../widgets/catalog-photos-gallery/route';
import { stockByWarehouseWidget } from '../../widgets/catalog-stock-by-warehouse/route';
import { customerReferenceRoutes } from './customer-reference-update-routes';
import { pathId } from '../shared/ids';
import { redirectToSlug } from './lists-page';
import { findProduct } from './product-data';
import { selectionInput } from './product-input';
import { lightboxCss } from './product-fragments';
import { loadProductPage } from './product-page';
import { sitemapRoutes } from './sitemap-routes';
import { restockApi, stockNotificationRoutes } from './stock-notifications-routes';
import { productPath } from './urls';
import { productVariantsApi } from './variants-api';
import { pageOrigin } from '../http/site-url';

/** GET {app}/{culture}/catalog/product/{id}/{slug}: a wrong or missing slug 301s to this culture's, keeping the query. */
async function productPage(req: Request, res: Response): Promise<void> {
  const { db } = req.app.locals;
  const culture: string = res.locals.culture;
  const product = await findProduct(db, { culture, productId: pathId(req.params.productId) });
  if (!product) throw new NotFound();
  if (redirectToSlug(req, res, productPath(culture, product.id, product.slug))) return;
  const model = await loadProductPage(db, product, {
    culture,
    basePath: res.locals.basePath,
    origin: pageOrigin(req),
    input: selectionInput(req.query as Record<string, unknown>),
    userId: currentUser(res)?.id ?? null,
    lightboxCss: lightboxCss(req.app.locals.assets),
    t: res.locals.t,
    display: await taxedPriceDisplayOf(req, res),
  });
  await renderPage(req, res, 'catalog/product', model);
}

function productWidgets(): Router {
  const router = Router({ mergeParams: true });
  router.use(degressivePriceWidget(), stockByWarehouseWidget(), photosGalleryWidget(), customerReferenceWidget());
  return router;
}

/** Under {app}/{culture}: the product page, its fragments' culture-prefixed addresses, stock notification, customer reference. */
export function productRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/catalog/product/:productId{/:slug}', productPage);
  router.use(productWidgets(), stockNotificationRoutes(), customerReferenceRoutes());
  return router;
}

/** Under {app} (no culture segment): the productvariants API, the spec's site-level fragments, the products sitemap. */
export function productSiteRoutes(): Router {
  const router = Router();
  router.get('/api/v1/catalog/products/:productId/productvariants', productVariantsApi);
  router.use(productWidgets(), sitemapRoutes(), restockApi());
  return router;
}
