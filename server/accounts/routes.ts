import { Router } from 'express';
import { accountShopRoutes } from '../account-pages/routes';
import type { RateLimiterFactory } from '../http/rate-limit';
import { accountPages } from './account-routes';
import { emailChangeRoutes } from './email-routes';
import { loginRoutes } from './login-routes';
import { passwordRoutes } from './password-routes';
import { registerRoutes } from './register-routes';

/**
 * The accounts feature under {app}/{culture}/: security/login, logoff, register, confirm,
 * forgotpassword, resetpassword, changepassword, account (with account/email) and staff. See docs/accounts.md.
 * The rate limiters are built here, when the app is, from its factory (memory, or Redis).
 */
export function accountRoutes(rateLimit: RateLimiterFactory): Router {
  const router = Router({ mergeParams: true });
  router.use(loginRoutes(rateLimit), registerRoutes(rateLimit), passwordRoutes(rateLimit), emailChangeRoutes(rateLimit), accountPages(), accountShopRoutes());
  return router;
}
