import { Router } from 'express';
import { blockContext, loadBlockView } from '../../server/content/pages';
import { BadInput, NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';
import { idOf } from '../../server/shared/ids';

const PAGE_KEY = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * GET {site}/widget/page/{pageKey}/block/{blockId} (culture from ?culture=, the Referer or
 * Accept-Language) and {app}/{culture}/widget/page/{pageKey}/block/{blockId}: one block of a visible
 * page, alone: the very fragment the page includes. A malformed key or id is a 400, an unknown (or
 * unpublished) page or block a 404.
 */
export function pageBlockWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/page/:pageKey/block/:blockId', async (req, res) => {
    const blockId = idOf(String(req.params.blockId));
    const pageKey = String(req.params.pageKey);
    if (blockId === null || !PAGE_KEY.test(pageKey)) throw new BadInput({ blockId: 'Pages.InvalidBlockAddress' });
    const block = await loadBlockView(blockContext(req, res), { pageKey, blockId, logger: req.app.locals.logger });
    if (!block) throw new NotFound();
    // A contact form block carries the visitor's CSRF token: never for a shared cache.
    res.set('Cache-Control', 'private, no-cache');
    await renderWidget(req, res, 'page-block', { block });
  });
  return router;
}
