import { currentUser } from '../accounts/current-user';
import { Router } from 'express';
import { requireUser } from '../accounts/current-user';
import { BadInput } from '../http/errors';
import { renderPage, renderWidget } from '../http/render';
import { type CustomerReferenceQuery, parseCustomerReferenceQuery, searchCustomerReferences } from './customer-references-search';

const RESULTS_TARGET = 'customer-reference-results';

/**
 * GET {app}/{culture}/catalog/customerref?q&page: a signed-in customer finds products by their own
 * references. The page holds the search form and the results; the form's ajax submission targets the
 * results (HX-Target) and gets that fragment alone. Fewer than 2 characters: 400 with the field message.
 */
export function customerReferenceSearchRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/catalog/customerref', requireUser(), async (req, res) => {
    const raw = req.query as Record<string, unknown>;
    const searched = typeof raw.q === 'string' ? raw.q : '';
    let query: CustomerReferenceQuery | null = null;
    let error: string | null = null;
    try {
      query = parseCustomerReferenceQuery(raw);
    } catch (failure) {
      if (!(failure instanceof BadInput)) throw failure;
      error = failure.fields.q ?? failure.fields.page;
    }
    const found = query
      ? await searchCustomerReferences(req.app.locals.db, { userId: currentUser(res)!.id, culture: res.locals.culture, ...query })
      : null;
    const references = { q: searched, page: query?.page ?? 1, error, matches: found?.matches ?? [], hasMore: found?.hasMore ?? false };
    const status = error ? 400 : 200;
    if (req.get('HX-Target') === RESULTS_TARGET) return renderWidget(req, res, 'catalog-customer-reference-search', { references }, status);
    await renderPage(req, res, 'catalog/catalog-customer-references', { title: res.locals.t('Catalog.CustomerReferenceSearch'), references }, status);
  });
  return router;
}
