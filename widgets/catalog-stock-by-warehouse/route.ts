import { Router } from 'express';
import { optionalId, requiredId } from '../../server/shared/ids';
import { isActiveProduct } from '../../server/catalog/product-data';
import { flag } from '../../server/catalog/product-input';
import { stockByWarehouseModel } from '../../server/catalog/product-fragments';
import { findActiveVariant } from '../../server/catalog/variants-data';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/**
 * GET …/widget/catalog/StockByWarehouse?productId&productVariantId&displayAllActiveWarehouses: the
 * variant's stock per warehouse, alone. The variant must be one of the product's.
 */
export function stockByWarehouseWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/StockByWarehouse', async (req, res) => {
    const { db } = req.app.locals;
    const productId = requiredId(req.query.productId, 'productId');
    const variantId = optionalId(req.query.productVariantId, 'productVariantId');
    // A variant is found only with its active product; without one, the product alone is checked.
    const variant = variantId === null ? null : await findActiveVariant(db, { variantId, productId });
    const known = variantId === null ? await isActiveProduct(db, { productId }) : variant !== null;
    if (!known) throw new NotFound();
    const allActive = flag(req.query.displayAllActiveWarehouses);
    const stock = await stockByWarehouseModel(db, { productId, variant, allActive });
    res.set('Cache-Control', 'no-cache');
    await renderWidget(req, res, 'catalog-stock-by-warehouse', { stock });
  });
  return router;
}
