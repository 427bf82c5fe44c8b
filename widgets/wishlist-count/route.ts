import { type NextFunction, type Request, type Response, Router } from 'express';
import { currentUser } from '../../server/accounts/current-user';
import { renderWidget } from '../../server/http/render';
import { idOf } from '../../server/shared/ids';
import { wishlistCount } from '../../server/wishlists/wishlists';

declare module 'express-serve-static-core' {
  interface Locals {
    /** How many products the signed-in customer keeps in their wishlists (null for a visitor). */
    wishlistCount?: number | null;
    /** The add-to-wishlist modal to open (openWishlist / openBirthlist in the URL), for a signed-in customer. */
    wishlistOpen?: { url: string } | null;
  }
}

/** openWishlist={variantId} (or openBirthlist={variantId}): the modal's address, else null. */
function modalToOpen(req: Request, res: Response): { url: string } | null {
  const wishlist = typeof req.query.openWishlist === 'string' ? idOf(req.query.openWishlist) : null;
  if (wishlist) return { url: `${res.locals.href('catalog/wishlist/popup')}?productVariantId=${wishlist}` };
  const birthList = typeof req.query.openBirthlist === 'string' ? idOf(req.query.openBirthlist) : null;
  if (birthList) return { url: `${res.locals.href('birthlists/popup')}?productVariantId=${birthList}` };
  return null;
}

/** The header's count for every page under {app}/{culture}/ (a visitor costs no query). */
async function loadWishlistCount(req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    const user = currentUser(res);
    res.locals.wishlistCount = user ? await wishlistCount(req.app.locals.db, user.id) : null;
    res.locals.wishlistOpen = user ? modalToOpen(req, res) : null;
    next();
  } catch (error) {
    next(error);
  }
}

/** The count for the header, and GET {app}/{culture}/widget/wishlist/count: the same fragment alone. */
export function wishlistCountWidget(): Router {
  const router = Router({ mergeParams: true });
  router.use(loadWishlistCount);
  router.get('/widget/wishlist/count', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    await renderWidget(req, res, 'wishlist-count', { wishlistOpen: null });
  });
  return router;
}
