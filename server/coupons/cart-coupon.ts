import type { CurrentUser } from '../accounts/current-user';
import type { Cart } from '../cart/cart';
import { summarizeCart } from '../cart/pricing';
import { updateCart } from '../cart/data';
import type { Db } from '../db/index';
import { checkCoupon, type CouponRefusal } from './discount';

/** What applying a code to a cart came to: applied, or why not ('empty-cart' for a cart without items). */
export type CartCouponOutcome = { applied: true } | { applied: false; reason: CouponRefusal | 'empty-cart' };

/**
 * Applies `code` to a cart (carts.coupon_code) when it applies to it now: a cart with items whose
 * subtotal, currency and owner the coupon accepts, counting only the lines a coupon may discount (never
 * prepaid top-ups: a cart of top-ups alone is refused with 'top-ups-only'). Otherwise the cart is unchanged.
 */
export async function applyCouponToCart(
  db: Db,
  { cart, code, culture, user }: { cart: Cart | null; code: string; culture: string; user: CurrentUser | null },
): Promise<CartCouponOutcome> {
  if (!cart) return { applied: false, reason: 'empty-cart' };
  const summary = await summarizeCart(db, cart, { culture });
  if (summary.itemsCount === 0) return { applied: false, reason: 'empty-cart' };
  const goodsInclCents = summary.lines.filter((line) => !line.topUp).reduce((sum, line) => sum + line.totalInclCents, 0);
  const verdict = await checkCoupon(db, {
    code,
    subtotalInclCents: goodsInclCents,
    topUpInclCents: summary.subtotalInclCents - goodsInclCents,
    currency: summary.currency,
    userId: cart.userId ?? user?.id ?? null,
    email: user?.email ?? null,
  });
  if (!verdict.applies) return { applied: false, reason: verdict.reason };
  await updateCart(db, { cartId: cart.id, set: { coupon_code: verdict.code } });
  return { applied: true };
}

/** Takes the coupon off a cart, if it has one. */
export async function removeCouponFromCart(db: Db, { cart }: { cart: Pick<Cart, 'id' | 'couponCode'> | null }): Promise<void> {
  if (!cart || cart.couponCode === null) return;
  await updateCart(db, { cartId: cart.id, set: { coupon_code: null } });
}
