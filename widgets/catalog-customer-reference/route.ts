import { Router } from 'express';
import { currentUser } from '../../server/accounts/current-user';
import { requiredId } from '../../server/shared/ids';
import { customerReferenceModel } from '../../server/catalog/product-fragments';
import { readProductSettings } from '../../server/catalog/product-settings';
import { findActiveVariant } from '../../server/catalog/variants-data';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/**
 * GET …/widget/catalog/CustomerReferenceUpdate?productVariantId: the signed-in customer's reference form
 * for the variant, alone (an empty wrapper for a visitor). Private: it holds the customer's own data.
 */
export function customerReferenceWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/CustomerReferenceUpdate', async (req, res) => {
    const { db } = req.app.locals;
    const variantId = requiredId(req.query.productVariantId, 'productVariantId');
    const [variant, { customerRefMessage }] = await Promise.all([findActiveVariant(db, { variantId }), readProductSettings(db)]);
    if (!variant) throw new NotFound();
    const userId = currentUser(res)?.id ?? null;
    const customerReference = await customerReferenceModel(db, { userId, variantId, messageMode: customerRefMessage });
    res.set('Cache-Control', 'private, no-cache');
    await renderWidget(req, res, 'catalog-customer-reference', { customerReference });
  });
  return router;
}
