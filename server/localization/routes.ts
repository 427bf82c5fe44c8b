import { Router } from 'express';
import { isCulture } from '../http/culture';
import { NotFound } from '../http/errors';
import type { Localization } from './i18n';

/** GET {app}/api/v1/localization/{culture}/stringresources: the resource tree the client translates with. */
export function localizationApi(localization: Localization): Router {
  const router = Router();
  router.get('/api/v1/localization/:culture/stringresources', (req, res) => {
    const culture = req.params.culture;
    if (!isCulture(culture)) throw new NotFound();
    const { tree, etag } = localization.resources(culture);
    res.set('Cache-Control', 'public, max-age=300, must-revalidate').set('ETag', etag);
    if (req.fresh) return void res.status(304).end();
    res.json(tree);
  });
  return router;
}
