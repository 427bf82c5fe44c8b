import { type Request, type Response, Router } from 'express';
import { currentUser } from '../accounts/current-user';
import { findCart } from '../cart/cart';
import { BadInput, Unauthorized, Forbidden } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { idOf } from '../shared/ids';
import { couponsChooserWidget } from '../../widgets/coupons-chooser/route';
import { applyCouponToCart, type CartCouponOutcome, removeCouponFromCart } from './cart-coupon';
import { availableCoupons } from './data';
import { normaliseCouponCode } from './discount';

const maxCodeLength = 50;

/** The posted CouponCode, upper-cased: 400 (localised) when missing, empty, not text or too long. */
function postedCode(body: unknown): string {
  const value = (body as Record<string, unknown> | undefined)?.CouponCode;
  if (typeof value !== 'string' || !value.trim()) throw new BadInput({ CouponCode: 'Coupons.CodeRequired' }, 'Coupons.Title');
  if (value.trim().length > maxCodeLength) throw new BadInput({ CouponCode: 'Coupons.CodeTooLong' }, 'Coupons.Title');
  return normaliseCouponCode(value);
}

/** Applies the posted code to the visitor's cart: whether it took it, or why not. */
async function applyPosted(req: Request, res: Response): Promise<CartCouponOutcome> {
  const code = postedCode(req.body);
  return applyCouponToCart(appLocals(req).db, { cart: await findCart(req), code, culture: res.locals.culture, user: currentUser(res) });
}

async function removeFromCart(req: Request): Promise<void> {
  await removeCouponFromCart(appLocals(req).db, { cart: await findCart(req) });
}

/** The customer id of the path: 400 unless an id as shared/ids.ts spells it (no sign, no leading zero). */
function customerIdOf(value: string): number {
  const id = idOf(value);
  if (id === null) throw new BadInput({ id: 'Coupons.InvalidUser' });
  return id;
}

/** The cart page's notice: applied, not for top-ups (the cart holds nothing else), or no coupon available. */
function noticeOf(outcome: CartCouponOutcome): string {
  if (outcome.applied) return 'Coupons.Applied';
  return outcome.reason === 'top-ups-only' ? 'Coupons.NotForTopUps' : 'Coupons.NoCouponAvailable';
}

function cartPageOf(res: Response): string {
  return res.locals.href('shoppingcarts');
}

/**
 * Site routes ({app}/…, culture from ?culture=, the page that asked, or Accept-Language):
 * POST api/v1/shoppingcarts/coupon {CouponCode} answers true when applied to the cart, false when it
 * does not apply (400 when empty); DELETE removes it (answers true); GET api/v1/couponcode/user/{id}
 * lists the signed-in customer's own coupons (401 for a visitor, 403 for another customer's id).
 */
export function siteRoutes(): Router {
  const router = Router();
  router.post('/api/v1/shoppingcarts/coupon', async (req, res) => {
    res.set('Cache-Control', 'no-store').json((await applyPosted(req, res)).applied);
  });
  router.delete('/api/v1/shoppingcarts/coupon', async (req, res) => {
    await removeFromCart(req);
    res.set('Cache-Control', 'no-store').json(true);
  });
  router.get('/api/v1/couponcode/user/:id', async (req, res) => {
    const user = currentUser(res);
    if (!user) throw new Unauthorized();
    if (customerIdOf(String(req.params.id)) !== user.id) throw new Forbidden();
    const coupons = await availableCoupons(appLocals(req).db, { culture: res.locals.culture, userId: user.id, onlyOwn: true });
    res.set('Cache-Control', 'no-store').json(
      coupons.map((coupon) => ({
        CouponCode: coupon.code,
        Label: coupon.label,
        Kind: coupon.kind,
        Value: coupon.value,
        Currency: coupon.currency,
        MinOrderCents: coupon.minOrderCents,
        ValidUntil: coupon.validUntil === null ? null : new Date(coupon.validUntil).toISOString(),
      })),
    );
  });
  return router;
}

/**
 * Culture routes: the chooser widget (widgets/coupons-chooser), and the cart page's coupon form without
 * JS: POST shoppingcarts/coupon {CouponCode} and POST shoppingcarts/coupon/remove, each back to the
 * cart page with a notice.
 */
export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(couponsChooserWidget());
  router.post('/shoppingcarts/coupon', async (req, res) => {
    const outcome = await applyPosted(req, res);
    setFlash(req, outcome.applied ? 'success' : 'error', noticeOf(outcome));
    seeOther(res, cartPageOf(res));
  });
  router.post('/shoppingcarts/coupon/remove', async (req, res) => {
    await removeFromCart(req);
    setFlash(req, 'success', 'Coupons.Removed');
    seeOther(res, cartPageOf(res));
  });
  return router;
}
