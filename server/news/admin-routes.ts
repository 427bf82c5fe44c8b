import { Router } from 'express';
import { itemEditorRoutes } from '../content/admin-routes';
import { newsCategoryEditor, newsPostEditor } from './admin-editors';

/** {culture}/backoffice/news and /news/categories (behind requireBackOffice, server/backoffice/routes.ts). */
export function newsBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  // Categories first: /backoffice/news/categories is not a post's id.
  router.use(itemEditorRoutes(newsCategoryEditor));
  router.use(itemEditorRoutes(newsPostEditor));
  return router;
}
