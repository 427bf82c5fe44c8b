import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { seeOther, setFlash } from '../http/forms';
import { findProduct } from './product-data';
import { optionalId } from './product-input';
import { productPath } from './urls';
import { findVariant } from './variants-data';
import { updateCustomerReference } from './customer-reference-update';

function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json';
}

/** Back to the product page showing that variant (the catalog when the variant is unknown). */
async function productPageOf(req: Request, res: Response, variantId: number | null): Promise<string> {
  const { db, config } = req.app.locals;
  const culture: string = res.locals.culture;
  const variant = variantId === null ? null : await findVariant(db, { variantId });
  const product = variant ? await findProduct(db, { culture, productId: variant.productId }) : null;
  if (!variant || !product) return res.locals.href('catalog');
  return `${config.BASE_PATH}${productPath(culture, product.id, product.slug)}?productVariantId=${variant.id}`;
}

/**
 * POST {app}/{culture}/catalog/customerref/update (ProductVariantId, CustomerSKU; CSRF): a signed-in
 * customer sets their own SKU for a variant (an empty one removes it). Asked for JSON (the behaviour)
 * it answers {Status, Message}; a plain form post redirects to the product page with a notice.
 */
export function customerReferenceRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/catalog/customerref/update', requireUser(), async (req, res) => {
    let variantId: number | null = null;
    try {
      variantId = optionalId(req.body?.ProductVariantId, 'ProductVariantId');
    } catch {
      // Reported below as the spec's one failure message.
    }
    const customerSku = typeof req.body?.CustomerSKU === 'string' ? req.body.CustomerSKU : null;
    const result =
      variantId === null || customerSku === null
        ? { ok: false }
        : await updateCustomerReference(req.app.locals.db, { userId: currentUser(res)!.id, variantId, customerSku });
    const key = result.ok ? 'Catalog.CustomerRefUpdated' : 'Catalog.CustomerRefUpdateError';
    if (wantsJson(req)) return void res.status(result.ok ? 200 : 400).json({ Status: result.ok, Message: res.locals.t(key) });
    setFlash(req, result.ok ? 'success' : 'error', key);
    seeOther(res, await productPageOf(req, res, variantId));
  });
  return router;
}
