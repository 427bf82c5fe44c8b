import { Router } from 'express';
import { isActiveProduct } from '../../server/catalog/product-data';
import { flag, optionalId, requiredId } from '../../server/catalog/product-input';
import { stockByWarehouseModel } from '../../server/catalog/product-fragments';
import { findVariant } from '../../server/catalog/variants-data';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/**
 * GET …/widget/catalog/StockByWarehouse?productId&productVariantId&displayAllActiveWarehouses: the
 * variant's stock per warehouse, alone. The variant must be one of the product's.
 */
export function stockByWarehouseWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/StockByWarehouse', async (req, res) => {
    const productId = requiredId(req.query.productId, 'productId');
    const variantId = optionalId(req.query.productVariantId, 'productVariantId');
    const variant = variantId === null ? null : await findVariant(req.app.locals.db, { variantId, productId });
    const known = await isActiveProduct(req.app.locals.db, { productId });
    if (!known || (variantId !== null && !variant?.isActive)) throw new NotFound();
    const allActive = flag(req.query.displayAllActiveWarehouses);
    const stock = await stockByWarehouseModel(req.app.locals.db, { productId, variantId, allActive });
    res.set('Cache-Control', 'no-cache');
    await renderWidget(req, res, 'catalog-stock-by-warehouse', { stock });
  });
  return router;
}
