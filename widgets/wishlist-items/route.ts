import { Router } from 'express';
import { currentUser, requireUser } from '../../server/accounts/current-user';
import { requiredId } from '../../server/shared/ids';
import { renderWidget } from '../../server/http/render';
import { ownWishlist } from '../../server/wishlists/wishlists';
import { itemsModel } from '../../server/wishlists/view';

/**
 * GET {app}/{culture}/catalog/wishlist/list_item?wishlistid=: one of the customer's lists' lines alone
 * (the list page loads it into its table area). A visitor: 401; a bad id: 400; another's list: 404.
 */
export function wishlistItemsWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/catalog/wishlist/list_item', requireUser(), async (req, res) => {
    const userId = currentUser(res)!.id;
    const list = await ownWishlist(req.app.locals.db, { userId, wishlistId: requiredId(req.query.wishlistid, 'wishlistid') });
    res.set('Cache-Control', 'no-store');
    await renderWidget(req, res, 'wishlist-items', { wishlistItems: await itemsModel(req, res, { userId, list }) });
  });
  return router;
}
