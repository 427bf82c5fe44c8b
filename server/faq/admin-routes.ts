import { Router } from 'express';
import { itemEditorRoutes } from '../content/admin-routes';
import { faqCategoryEditor, faqEntryEditor } from './admin-editors';

/** {culture}/backoffice/faq (entries) and /faq/categories (behind requireBackOffice, server/backoffice/routes.ts). */
export function faqBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  // Categories first: /backoffice/faq/categories is not an entry's id.
  router.use(itemEditorRoutes(faqCategoryEditor));
  router.use(itemEditorRoutes(faqEntryEditor));
  return router;
}
