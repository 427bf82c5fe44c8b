// The staff's tools for customers, mounted by server/app.ts: site level, the customer search API and an
// order's lines back into a cart; culture level, the customer pages and the order tools (with the
// change-delivery-address modal). Refund handling is staff/refunds (refunds-routes.ts).
import { Router } from 'express';
import { staffCustomerRoutes, staffCustomerSiteRoutes } from './customers-routes';
import { staffOrderToolRoutes } from './order-tools-routes';
import { reorderRoutes } from './reorder-routes';

export function staffToolSiteRoutes(): Router {
  const router = Router();
  router.use(staffCustomerSiteRoutes(), reorderRoutes());
  return router;
}

export function staffToolCultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(staffCustomerRoutes(), staffOrderToolRoutes());
  return router;
}
