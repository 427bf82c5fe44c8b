// The prepaid accounts feature's mount points (server/app.ts lists it with the other sales areas):
// the calls under {app}/api/v1/sales/prepaidaccounts, the account pages and the payment form.
import { Router } from 'express';
import { prepaidApiRoutes } from './api-routes';
import { prepaidPageRoutes } from './page-routes';
import { prepaidPayRoutes } from './pay-routes';

export function siteRoutes(): Router {
  return prepaidApiRoutes();
}

export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(prepaidPageRoutes(), prepaidPayRoutes());
  return router;
}
