import { Router } from 'express';
import { cultures } from '../../server/config';
import { renderWidget } from '../../server/http/render';
import { switchCulturePath } from './switch-path';

/** The culture links for a given page: the same fragment the header includes. */
export function cultureLinks(url: string, basePath: string) {
  return cultures.map((culture) => ({ culture, href: switchCulturePath(url, basePath, culture, cultures) }));
}

/** GET {app}/{culture}/widget/culture?url=…: the culture widget for that address, alone. */
export function cultureWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/culture', async (req, res) => {
    const base = req.app.locals.config.BASE_PATH;
    const url = typeof req.query.url === 'string' && req.query.url.startsWith('/') ? req.query.url : `${base}/${res.locals.culture}/`;
    await renderWidget(req, res, 'culture', { cultureLinks: cultureLinks(url, base) });
  });
  return router;
}
