import { type Request, type Response, Router } from 'express';
import { currentUser, requireRole } from '../accounts/current-user';
import { siteUrl as publicSiteUrl } from '../http/site-url';
import { BadInput, NotFound } from '../http/errors';
import { defineForm, field } from '../forms';
import { seeOther, setFlash } from '../http/forms';
import { renderPage, shapeOf } from '../http/render';
import { requiredId } from '../shared/ids';
import { clearCatalogCaches } from './lists-cache';
import { findProduct } from './product-data';
import { restock, RestockError, subscribeToStock } from './stock-notifications';
import { stockNotifier } from './stock-notifications-mail';
import { productPath } from './urls';
import { findActiveVariant } from './variants-data';

export const stockNotificationForm = defineForm('stock-notification', {
  Email: field.email().required().maxlength(320),
});

/** The variant and product named by ProductVariantId and ProductId (query or body): 400 when not ids, 404 when unknown. */
async function subject(req: Request, res: Response) {
  const source = { ...req.query, ...(req.method === 'POST' ? req.body : {}) } as Record<string, unknown>;
  const variantId = requiredId(source.ProductVariantId, 'ProductVariantId');
  const productId = requiredId(source.ProductId, 'ProductId');
  const [variant, product] = await Promise.all([
    findActiveVariant(req.app.locals.db, { variantId, productId }),
    findProduct(req.app.locals.db, { culture: res.locals.culture, productId }),
  ]);
  if (!variant || !product) throw new NotFound();
  const productUrl = `${res.locals.basePath}${productPath(res.locals.culture, product.id, product.slug)}?productVariantId=${variant.id}`;
  return { variant, product, productUrl };
}

type Subject = Awaited<ReturnType<typeof subject>>;

function renderForm(req: Request, res: Response, { variant, product, productUrl }: Subject, state: object, status = 200) {
  const title = res.locals.t('Catalog.StockNotification.Title');
  return renderPage(req, res, 'catalog/stock-notification', { title, form: stockNotificationForm, variant, product, productUrl, values: {}, errors: {}, subscribed: false, ...state }, status);
}

/**
 * {app}/{culture}/catalog/stocknotification/subscribe?ProductVariantId&ProductId: the form (a page
 * without JS, the body of a modal with JS) and its post: stored once per address and variant, then a
 * redirect to the product with a notice, or (ajax) the thanks in place.
 */
export function stockNotificationRoutes(): Router {
  const router = Router({ mergeParams: true });
  const path = '/catalog/stocknotification/subscribe';
  router.get(path, async (req, res) => {
    await renderForm(req, res, await subject(req, res), { values: { Email: currentUser(res)?.email ?? '' } });
  });
  router.post(path, async (req, res) => {
    const found = await subject(req, res);
    const result = stockNotificationForm.validate(req.body, res.locals.t);
    if (!result.ok) return renderForm(req, res, found, { values: result.values, errors: result.errors }, 400);
    const email = result.data.Email.toLowerCase();
    await subscribeToStock(req.app.locals.db, { variantId: found.variant.id, productId: found.product.id, email, culture: res.locals.culture });
    if (shapeOf(req) === 'region') return renderForm(req, res, found, { subscribed: true });
    setFlash(req, 'success', 'Catalog.StockNotification.Subscribed');
    seeOther(res, found.productUrl);
  });
  return router;
}

/**
 * POST {app}/api/v1/catalog/stock/restock {ProductVariantId, WarehouseId, Quantity} (staff): a delivery
 * arrives; subscribers of a variant that can be sold again are mailed. Answers {StockQuantity, Notified}.
 */
export function restockApi(): Router {
  const router = Router();
  router.post('/api/v1/catalog/stock/restock', requireRole('staff'), async (req, res) => {
    const variantId = requiredId(req.body?.ProductVariantId, 'ProductVariantId');
    const warehouseId = requiredId(req.body?.WarehouseId, 'WarehouseId');
    const quantity = requiredId(req.body?.Quantity, 'Quantity');
    const { db, mailer, localization, config } = req.app.locals;
    // Mailed links point at PUBLIC_URL, never at the Host header of the request (see accounts/mail.ts).
    const siteUrl = publicSiteUrl(config, '');
    try {
      const result = await restock(db, { variantId, warehouseId, quantity }, stockNotifier({ db, mailer, localization, siteUrl }));
      // Pages, lists and indexes show the new stock at once, not when their kept copies run out.
      clearCatalogCaches(db);
      res.json({ StockQuantity: result.stockQuantity, Notified: result.notified });
    } catch (error) {
      if (error instanceof RestockError) throw new BadInput({ ProductVariantId: 'Catalog.InvalidId' });
      throw error;
    }
  });
  return router;
}
