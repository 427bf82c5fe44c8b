import { Router } from 'express';
import { requiredId } from '../../server/shared/ids';
import { degressivePriceModel } from '../../server/catalog/product-fragments';
import { listTiers } from '../../server/catalog/product-tiers';
import { taxedPriceDisplayOf } from '../../server/currencies/display';
import { findActiveVariant } from '../../server/catalog/variants-data';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/** GET …/widget/catalog/DegressivePrice?productVariantId: the variant's price-tier table, alone. */
export function degressivePriceWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/DegressivePrice', async (req, res) => {
    const { db } = req.app.locals;
    const variantId = requiredId(req.query.productVariantId, 'productVariantId');
    const [variant, tiers, display] = await Promise.all([findActiveVariant(db, { variantId }), listTiers(db, { variantId }), taxedPriceDisplayOf(req, res)]);
    if (!variant) throw new NotFound();
    await renderWidget(req, res, 'catalog-degressive-price', { degressivePrice: degressivePriceModel({ culture: res.locals.culture, variant, tiers, display }) });
  });
  return router;
}
