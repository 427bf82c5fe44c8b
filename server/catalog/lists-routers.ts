import { Router } from 'express';
import { listFilterWidget } from '../../widgets/catalog-list-filter/route';
import { quickViewWidget } from '../../widgets/catalog-quick-view/route';
import { customerReferenceSearchRoutes } from './customer-references-search-routes';
import { catalogListRoutes } from './lists-routes';
import { catalogSearchApi } from './search-routes';
import { tagRoutes } from './tags-routes';

/**
 * Site-level addresses of the catalog lists, without a {culture} segment (the culture comes from
 * ?culture=, the Referer or Accept-Language): {site}/widget/catalog/ListFilter, …/QuickView and the
 * JSON calls {app}/api/v1/catalog/search/suggestions and …/customerref/search. Mount before the culture router.
 */
export function catalogListsSiteRoutes(): Router {
  const router = Router();
  router.use(listFilterWidget(), quickViewWidget(), catalogSearchApi());
  return router;
}

/** {app}/{culture}/catalog lists (catalog, search, category, brand, tag, customer references), widgets and API aliases. */
export function catalogListsCultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(
    catalogListRoutes(),
    tagRoutes(),
    customerReferenceSearchRoutes(),
    listFilterWidget(),
    quickViewWidget(),
    catalogSearchApi(),
  );
  return router;
}
