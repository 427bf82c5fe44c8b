import { Router } from 'express';
import { itemEditorRoutes } from '../content/admin-routes';
import { projectCategoryEditor, projectEditor } from './admin-editors';

/** {culture}/backoffice/projects and /projects/categories (behind requireBackOffice, server/backoffice/routes.ts). */
export function projectsBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  // Categories first: /backoffice/projects/categories is not a project's id.
  router.use(itemEditorRoutes(projectCategoryEditor));
  router.use(itemEditorRoutes(projectEditor));
  return router;
}
