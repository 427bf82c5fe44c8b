import { Router } from 'express';
import { renderPage } from '../http/render';
import { pathId } from '../shared/ids';
import { readListRequest, redirectToSlug, renderListBody } from './lists-page';
import { categoryTrail } from './lists-reference';
import { resolveScope } from './lists-scope';
import { categoryPath } from './urls';

/**
 * The product lists: {app}/{culture}/catalog (everything, or the search results with ?q=),
 * /catalog/category/{id}/{slug} (a category with its sub-categories and every product below it)
 * and /catalog/brand/{slug}. Query parameters and filter: docs/catalog.md. A malformed one throws
 * BadInput (filters.ts listInputError): the error chain answers the 400 page naming it.
 */
export function catalogListRoutes(): Router {
  const router = Router({ mergeParams: true });

  router.get('/catalog', async (req, res) => {
    const state = readListRequest(req, res);
    if (!state) return;
    const resolved = await resolveScope(req.app.locals.db, { culture: res.locals.culture, q: state.q });
    const listHtml = await renderListBody(req, res, resolved, state);
    const title = state.q ? res.locals.t('Catalog.SearchResultsFor', { q: state.q }) : res.locals.t('Catalog.Title');
    await renderPage(req, res, 'catalog/catalog', { title, state, listHtml, roots: resolved.reference.roots.map((id) => resolved.reference.categories.get(id)!) });
  });

  router.get('/catalog/category/:id{/:slug}', async (req, res) => {
    const categoryId = pathId(req.params.id);
    const state = readListRequest(req, res);
    if (!state) return;
    const resolved = await resolveScope(req.app.locals.db, { culture: res.locals.culture, categoryId });
    const category = resolved.category!;
    if (redirectToSlug(req, res, categoryPath(res.locals.culture, category.id, category.slug))) return;
    const listHtml = await renderListBody(req, res, resolved, state);
    const { reference } = resolved;
    await renderPage(req, res, 'catalog/category', {
      title: category.name,
      category,
      trail: categoryTrail(reference, category.id).slice(0, -1),
      children: category.children.map((id) => reference.categories.get(id)!),
      listHtml,
    });
  });

  router.get('/catalog/brand/:slug', async (req, res) => {
    const state = readListRequest(req, res);
    if (!state) return;
    const resolved = await resolveScope(req.app.locals.db, { culture: res.locals.culture, brandSlug: String(req.params.slug) });
    const listHtml = await renderListBody(req, res, resolved, state);
    await renderPage(req, res, 'catalog/brand', { title: resolved.brand!.name, brand: resolved.brand, listHtml });
  });

  return router;
}
