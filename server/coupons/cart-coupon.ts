import type { CurrentUser } from '../accounts/current-user';
import type { Cart } from '../cart/cart';
import { summarizeCart } from '../cart/pricing';
import { updateCart } from '../cart/data';
import type { Db } from '../db/index';
import { checkCoupon } from './discount';

/**
 * Applies `code` to a cart (carts.coupon_code) when it applies to it now: a cart with items whose
 * subtotal, currency and owner the coupon accepts. False, and the cart unchanged, otherwise.
 */
export async function applyCouponToCart(
  db: Db,
  { cart, code, culture, user }: { cart: Cart | null; code: string; culture: string; user: CurrentUser | null },
): Promise<boolean> {
  if (!cart) return false;
  const summary = await summarizeCart(db, cart, { culture });
  if (summary.itemsCount === 0) return false;
  const verdict = await checkCoupon(db, {
    code,
    subtotalInclCents: summary.subtotalInclCents,
    currency: summary.currency,
    userId: cart.userId ?? user?.id ?? null,
    email: user?.email ?? null,
  });
  if (!verdict.applies) return false;
  await updateCart(db, { cartId: cart.id, set: { coupon_code: verdict.code } });
  return true;
}

/** Takes the coupon off a cart, if it has one. */
export async function removeCouponFromCart(db: Db, { cart }: { cart: Cart | null }): Promise<void> {
  if (!cart || cart.couponCode === null) return;
  await updateCart(db, { cartId: cart.id, set: { coupon_code: null } });
}
