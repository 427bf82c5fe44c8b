import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { defineForm, field } from '../forms';
import { HttpError } from '../http/errors';
import { seeOther, setFlash, wantsJson } from '../http/forms';
import { CUSTOMER_SKU_MAX_LENGTH, updateCustomerReference } from './customer-reference-update';
import { ID_PATTERN, idOf } from '../shared/ids';
import { findProduct } from './product-data';
import { productPath } from './urls';
import { findActiveVariant } from './variants-data';

/** The customer reference form (widgets/catalog-customer-reference): an empty CustomerSKU removes the reference. */
export const customerReferenceForm = defineForm('customer-reference', {
  ProductVariantId: field.hidden().required().regex(ID_PATTERN),
  CustomerSKU: field.text().maxlength(CUSTOMER_SKU_MAX_LENGTH),
});

/** Back to the product page showing that variant (the catalog when the variant is unknown). */
async function productPageOf(req: Request, res: Response, variantId: number | null): Promise<string> {
  const { db } = req.app.locals;
  const culture: string = res.locals.culture;
  const variant = variantId === null ? null : await findActiveVariant(db, { variantId });
  const product = variant ? await findProduct(db, { culture, productId: variant.productId }) : null;
  if (!variant || !product) return res.locals.href('catalog');
  return `${res.locals.basePath}${productPath(culture, product.id, product.slug)}?productVariantId=${variant.id}`;
}

/**
 * POST {app}/{culture}/catalog/customerref/update (ProductVariantId, CustomerSKU; CSRF): a signed-in
 * customer sets their own SKU for a variant (an empty one removes it). Asked for JSON (the behaviour)
 * it answers {Status, Message}; a plain form post redirects to the product page with a notice. Any
 * failure (a bad field, an unknown variant, a reference already given another variant) is the spec's one message.
 */
export function customerReferenceRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/catalog/customerref/update', requireUser(), async (req, res) => {
    const posted = customerReferenceForm.validate(req.body, res.locals.t);
    const variantId = idOf(posted.values.ProductVariantId);
    const result = posted.ok && variantId !== null
      ? await updateCustomerReference(req.app.locals.db, { userId: currentUser(res)!.id, variantId, customerSku: posted.data.CustomerSKU })
      : { ok: false };
    const key = result.ok ? 'Catalog.CustomerRefUpdated' : 'Catalog.CustomerRefUpdateError';
    // The spec's refusal is {Status: false, Message}: a 400 the error chain answers, without field errors.
    if (wantsJson(req) && !result.ok) throw new HttpError(400, key, { extra: { Status: false } });
    if (wantsJson(req)) return void res.json({ Status: true, Message: res.locals.t(key) });
    setFlash(req, result.ok ? 'success' : 'error', key);
    seeOther(res, await productPageOf(req, res, variantId));
  });
  return router;
}
