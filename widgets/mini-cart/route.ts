import { type NextFunction, type Request, type Response, Router } from 'express';
import { loadSummary } from '../../server/cart/actions';
import { cartToken } from '../../server/cart/cart';
import type { CartSummary } from '../../server/cart/pricing';
import { cartInfo } from '../../server/cart/view';
import { renderWidget } from '../../server/http/render';

/** The mini cart's model: the cart info and the cart page's address. */
export interface MiniCart {
  info: ReturnType<typeof cartInfo>;
  url: string;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** The header's mini cart, set for every page under {app}/{culture}/ by loadMiniCart. */
    miniCart?: MiniCart;
  }
}

export function miniCartModel(res: Response, summary: CartSummary | null): MiniCart {
  return { info: cartInfo(summary, res.locals.culture), url: res.locals.href('shoppingcarts') };
}

/** Puts the mini cart into res.locals for the header; a visitor without a cart costs no query. */
async function loadMiniCart(req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    if (!res.locals.user && !cartToken(req)) {
      res.locals.miniCart = miniCartModel(res, null);
      return next();
    }
    const loaded = await loadSummary(req, res);
    res.locals.miniCart = miniCartModel(res, loaded?.summary ?? null);
    if (loaded) res.set('Cache-Control', 'no-store');
    next();
  } catch (error) {
    next(error);
  }
}

/**
 * The mini cart for every page under {app}/{culture}/, and GET {app}/{culture}/widget/shoppingcartitems:
 * the same fragment alone (the add-to-cart behaviour refreshes the header's slot with it).
 */
export function miniCartWidget(): Router {
  const router = Router({ mergeParams: true });
  router.use(loadMiniCart);
  router.get('/widget/shoppingcartitems', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    await renderWidget(req, res, 'mini-cart', {});
  });
  return router;
}
