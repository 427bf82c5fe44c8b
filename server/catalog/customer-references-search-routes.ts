import { Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { appLocals } from '../http/locals';
import { renderPage, renderWidget, wantsFragment } from '../http/render';
import { customerReferenceResults } from './customer-references-search';

/** The results' root (widgets/catalog-customer-reference-search), which the search form targets. */
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
    const references = await customerReferenceResults(appLocals(req).db, { userId: currentUser(res)!.id, culture: res.locals.culture, raw });
    const status = references.error ? 400 : 200;
    if (wantsFragment(req, RESULTS_TARGET)) return renderWidget(req, res, 'catalog-customer-reference-search', { references }, status);
    await renderPage(req, res, 'catalog/catalog-customer-references', { title: res.locals.t('Catalog.CustomerReferenceSearch'), references }, status);
  });
  return router;
}
