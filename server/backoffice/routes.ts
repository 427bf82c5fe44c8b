// The back office's one router, mounted once at culture level by server/app.ts (ahead of the page
// cache). Everything under {app}/{culture}/backoffice passes requireBackOffice() first (editor or
// administrator, with two-factor on); each section's router declares its whole paths
// ('/backoffice/news', '/backoffice/news/:id' ...) and is added below with ONE line. Preview links
// ({culture}/preview/{token}) are outside /backoffice: anyone holding a valid link sees the draft.
import { Router } from 'express';
import { requireBackOffice } from './access';
import { backOfficeHomeRoutes } from './home-routes';
import { pagesBackOfficeRoutes } from './pages/routes';
import { previewRoutes } from './preview';
import { previewBackOfficeRoutes } from './preview-routes';
import { newsBackOfficeRoutes } from '../news/admin-routes';
import { faqBackOfficeRoutes } from '../faq/admin-routes';
import { projectsBackOfficeRoutes } from '../projects/admin-routes';
import { popupBackOfficeRoutes } from '../popups/admin';
import { menusBackOfficeRoutes } from '../menus/admin-routes';
import { homeBackOfficeRoutes } from '../home/admin';
import { productsBackOfficeRoutes } from '../catalog/admin-routes';

export function backOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(previewRoutes());
  router.use('/backoffice', requireBackOffice());
  router.use(backOfficeHomeRoutes());
  router.use(previewBackOfficeRoutes());
  router.use(pagesBackOfficeRoutes());
  router.use(newsBackOfficeRoutes());
  router.use(faqBackOfficeRoutes());
  router.use(projectsBackOfficeRoutes());
  router.use(popupBackOfficeRoutes());
  router.use(menusBackOfficeRoutes());
  router.use(homeBackOfficeRoutes());
  router.use(productsBackOfficeRoutes());
  // Sections: one line each, e.g. router.use(newsBackOfficeRoutes());
  return router;
}
