// The pages editor ({app}/{culture}/backoffice/pages): in progress.
import { Router } from 'express';

export function pagesBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  return router;
}
