// The product editor, {app}/{culture}/backoffice/products (behind requireBackOffice, server/backoffice/
// routes.ts): the products found by name, reference or SKU, page by page; one product's variants with
// their tax-incl prices and states. A save posts and redirects (PRG) without JS; bad input is a 400 with
// each field's message and nothing written; a stale Version a 409 with the editor's values kept.
import { type Request, type Response, Router } from 'express';
import { actorIdOf } from '../backoffice/access';
import { VersionConflict } from '../backoffice/revisions';
import { translated } from '../content/admin-pages';
import { BadInput } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { pathId } from '../shared/ids';
import { productForm } from './admin-forms';
import { postedVariants, saveProductPrices } from './admin-service';
import { loadProduct, productsHref, renderEdit, renderList } from './admin-views';

async function save(req: Request, res: Response): Promise<void> {
  const product = await loadProduct(req, res, pathId(req.params.id));
  const own = productForm.validate(req.body, res.locals.t);
  const variants = postedVariants(req.body, product, res.locals.t);
  const values = { ...own.values, ...variants.values };
  const errors = { ...(own.ok ? {} : (own.errors as Record<string, string>)), ...variants.errors };
  if (!own.ok || Object.keys(errors).length > 0) return renderEdit(req, res, product, { values, errors }, 400);
  try {
    const isActive = req.body && 'IsActive' in req.body ? own.data.IsActive : undefined;
    await saveProductPrices({ db: appLocals(req).db, actorId: actorIdOf(res), product, version: Number(own.data.Version), isActive, changes: variants.changes });
  } catch (error) {
    if (error instanceof VersionConflict) return renderEdit(req, res, await loadProduct(req, res, product.id), { values, conflict: true }, 409);
    if (error instanceof BadInput) return renderEdit(req, res, product, { values, errors: translated(res, error.fields) }, 400);
    throw error;
  }
  setFlash(req, 'success', 'BackOffice.Items.Saved');
  seeOther(res, productsHref(res, `/${product.id}`));
}

export function productsBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/backoffice/products', renderList);
  router.get('/backoffice/products/:id', async (req, res) => renderEdit(req, res, await loadProduct(req, res, pathId(req.params.id))));
  router.post('/backoffice/products/:id', save);
  return router;
}
