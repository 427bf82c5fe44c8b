// The account's shop pages under {app}/{culture}/account/: the address book and the order history.
// See docs/accounts.md ("Address book and orders").
import { Router } from 'express';
import { addressBookRoutes } from './address-book-routes';
import { orderHistoryRoutes } from './order-history-routes';

/** Mounted with the accounts feature (server/accounts/routes.ts). */
export function accountShopRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(addressBookRoutes(), orderHistoryRoutes());
  return router;
}
