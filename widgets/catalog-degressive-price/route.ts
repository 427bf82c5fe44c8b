import { Router } from 'express';
import { findVariant } from '../../server/catalog/variants-data';
import { degressivePriceModel } from '../../server/catalog/product-fragments';
import { requiredId } from '../../server/catalog/product-input';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/** GET …/widget/catalog/DegressivePrice?productVariantId: the variant's price-tier table, alone. */
export function degressivePriceWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/DegressivePrice', async (req, res) => {
    const variantId = requiredId(req.query.productVariantId, 'productVariantId');
    const variant = await findVariant(req.app.locals.db, { variantId });
    if (!variant?.isActive) throw new NotFound();
    const degressivePrice = await degressivePriceModel(req.app.locals.db, { culture: res.locals.culture, variant });
    await renderWidget(req, res, 'catalog-degressive-price', { degressivePrice });
  });
  return router;
}
