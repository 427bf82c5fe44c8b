// The wishlist pages under {app}/{culture}/catalog/wishlist/: the list page (list?Id=, the first list
// when absent) and the add-to-wishlist modal's page (popup?productVariantId=), which the modal loads
// into its body and which, without JS, is a page of its own. A visitor is sent to log in and back.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { NotFound } from '../http/errors';
import { seeOther } from '../http/forms';
import { renderPage } from '../http/render';
import { optionalId, requiredId } from '../shared/ids';
import { defaultVariantOf, listsHoldingVariant } from './data';
import { itemsModel, variantCard, wishlistPageUrl } from './view';
import { activeWishlist } from './wishlists';

async function listPage(req: Request, res: Response): Promise<void> {
  const userId = currentUser(res)!.id;
  const { lists, active } = await activeWishlist(req.app.locals.db, { userId, wishlistId: optionalId(req.query.Id, 'Id') });
  const wishlistItems = active ? await itemsModel(req, res, { userId, list: active }) : null;
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'wishlists/list', { title: res.locals.t('Wishlists.Title'), lists, active, wishlistItems, pageUrl: (id: number) => wishlistPageUrl(res, id) });
}

/** The variant the modal adds: productVariantId, or a catalog card's productId (its default variant: a redirect to the variant's address). */
export async function askedVariant(req: Request, res: Response, path: string): Promise<number | null> {
  if (req.query.productVariantId !== undefined || req.query.productId === undefined) return requiredId(req.query.productVariantId, 'productVariantId');
  const variantId = await defaultVariantOf(req.app.locals.db, { productId: requiredId(req.query.productId, 'productId') });
  if (!variantId) throw new NotFound('Wishlists.UnknownVariant');
  seeOther(res, `${res.locals.href(path)}?productVariantId=${variantId}`);
  return null;
}

async function popupPage(req: Request, res: Response): Promise<void> {
  const userId = currentUser(res)!.id;
  const variantId = await askedVariant(req, res, 'catalog/wishlist/popup');
  if (variantId === null) return;
  const card = await variantCard(req, res, variantId);
  if (!card) throw new NotFound('Wishlists.UnknownVariant');
  const { lists } = await activeWishlist(req.app.locals.db, { userId, wishlistId: null });
  const holding = await listsHoldingVariant(req.app.locals.db, { kind: 'wishlists', userId, variantId: card.variantId });
  const added = optionalId(req.query.added, 'added');
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'wishlists/popup', {
    title: res.locals.t('Wishlists.AddTitle'),
    card,
    lists: lists.map((list) => ({ ...list, quantity: holding.get(list.id) ?? null })),
    added: added !== null && lists.some((list) => list.id === added) ? { url: wishlistPageUrl(res, added), quantity: holding.get(added) ?? null } : null,
  });
}

export function wishlistPageRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/catalog/wishlist/list', requireUser(), listPage);
  router.get('/catalog/wishlist/popup', requireUser(), popupPage);
  return router;
}
