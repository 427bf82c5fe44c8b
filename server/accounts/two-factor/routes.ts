import { Router } from 'express';
import type { RateLimiterFactory } from '../../http/rate-limit';
import { codeLimits } from './limits';
import { manageRoutes } from './manage';
import { signInStepRoutes } from './sign-in-step';

/** Two-factor authentication: the sign-in step and the two-factor home with its actions. */
export function twoFactorRoutes(rateLimit: RateLimiterFactory): Router {
  const router = Router({ mergeParams: true });
  // One counter of wrong codes per account for every route that asks a code.
  const limits = codeLimits(rateLimit);
  router.use(signInStepRoutes(limits));
  router.use(manageRoutes(limits));
  return router;
}
