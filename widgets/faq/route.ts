import { type Request, type Response, Router } from 'express';
import type { Culture } from '../../server/config';
import { BadInput } from '../../server/http/errors';
import { isCulture, siteCulture, useCulture } from '../../server/http/culture';
import { renderWidget } from '../../server/http/render';
import { loadFaqWidget, parseCategoryIds } from '../../server/faq/faq';

/**
 * The FAQ as a fragment for integrators and htmx: {site}/widget/faq/{categoryIds} (culture from
 * ?culture=, the Referer or Accept-Language) and {app}/{culture}/widget/faq/{categoryIds}. Ids are
 * comma separated. Mount at site level, before the {culture} router: an unknown culture, in the path
 * or in ?culture=, is a 400 here (told in the visitor's best culture), not the 404 of an unknown page.
 */
export function faqWidget(): Router {
  const router = Router();
  router.get('/widget/faq/:categoryIds', (req, _res, next) => next(namedCulture(req.query.culture)), sendWidget);
  router.get('/:culture/widget/faq/:categoryIds', siteCulture, (req, res, next) => {
    const error = namedCulture(req.params.culture);
    if (!error) useCulture(req, res, req.params.culture as Culture);
    next(error);
  }, sendWidget);
  return router;
}

function namedCulture(value: unknown): BadInput | undefined {
  if (value === undefined || isCulture(value)) return undefined;
  return new BadInput({ culture: 'Faq.UnknownCulture' }, 'Core.ErrorTitle', { resourceKey: 'Faq.UnknownCulture' });
}

async function sendWidget(req: Request, res: Response): Promise<void> {
  const ids = parseCategoryIds(String(req.params.categoryIds));
  const categories = await loadFaqWidget(req.app.locals.db, { culture: res.locals.culture, ids, now: Date.now() });
  // The same for every visitor (no session, no cookie is read): kept by browsers and shared caches a while.
  res.set('Cache-Control', 'public, max-age=300');
  await renderWidget(req, res, 'faq', { categories, headingLevel: 2 });
}
