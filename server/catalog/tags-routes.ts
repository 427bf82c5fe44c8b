import { Router } from 'express';
import { renderPage } from '../http/render';
import { pathId } from '../shared/ids';
import { readListRequest, redirectToSlug, renderListBody } from './lists-page';
import { oneOf } from './lists-query';
import { resolveScope } from './lists-scope';
import { type EntitySort, type TagEntity, entitySorts, listTaggedEntities, tagEntities } from './tags';
import { tagPath } from './urls';

/**
 * The tag search page, {app}/{culture}/catalog/tag/{id}/{slug}: a sort selector (sort) and an entity
 * selector (entityName: Product, Category or Brand), each reloading the page with its parameter.
 */
export function tagRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/catalog/tag/:id{/:slug}', async (req, res) => {
    const tagId = pathId(req.params.id);
    const entity = oneOf<TagEntity>(req.query.entityName, tagEntities, 'Product', 'entityName');
    const { db } = req.app.locals;
    const culture = res.locals.culture;
    const resolved = await resolveScope(db, { culture, tagId });
    const tag = resolved.tag!;
    if (redirectToSlug(req, res, tagPath(culture, tag.id, tag.slug))) return;
    const title = res.locals.t('Catalog.TaggedWith', { tag: tag.name });
    const page = { title, tag, entity, entities: tagEntities, action: `${res.locals.basePath}${resolved.listPath}` };
    if (entity === 'Product') {
      const state = readListRequest(req, res);
      if (!state) return;
      const listHtml = await renderListBody(req, res, resolved, state);
      return renderPage(req, res, 'catalog/tag', { ...page, listHtml });
    }
    const sort = oneOf<EntitySort>(req.query.sort, entitySorts, 'position', 'sort');
    const tagged = await listTaggedEntities(db, { reference: resolved.reference, culture, tagId, entity, sort });
    await renderPage(req, res, 'catalog/tag', { ...page, tagged, sortOptions: entitySorts.map((value) => ({ value, selected: value === sort })) });
  });
  return router;
}
