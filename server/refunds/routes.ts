// The refund requests' mount points (server/app.ts lists it with the other sales areas): the customer's
// pages under {app}/{culture}/account/. Staff handle requests under staff/refunds (server/staff/refunds-routes.ts).
import { Router } from 'express';
import { refundAccountRoutes } from './account-routes';

export function siteRoutes(): Router {
  return Router();
}

export function cultureRoutes(): Router {
  return refundAccountRoutes();
}
