// A coupon that lapsed between the cart and the order (used up by other orders, expired, withdrawn): the
// checkout is refused rather than placed at a price the shopper did not see. The code leaves the cart, so
// the page shown again holds the new total and the next submit places the order at that total.
import type { Cart } from '../cart/cart';
import { summarizeCart, type CartSummary } from '../cart/pricing';
import { removeCouponFromCart } from '../coupons/cart-coupon';
import { couponLapsed } from '../coupons/discount';
import type { Db } from '../db';

/** Whether a summary lost its coupon for a reason outside the cart (the cart still holds the code). */
export function lostCoupon(summary: Pick<CartSummary, 'couponRefusal'>): boolean {
  return couponLapsed(summary.couponRefusal);
}

/** Takes the lapsed code off the cart: the cart as it now is and its summary, the new total. */
export async function withdrawLapsedCoupon(
  db: Db,
  { cart, culture, reverseCharge }: { cart: Cart; culture: string; reverseCharge: boolean },
): Promise<{ cart: Cart; summary: CartSummary }> {
  await removeCouponFromCart(db, { cart });
  const withdrawn = { ...cart, couponCode: null };
  return { cart: withdrawn, summary: await summarizeCart(db, withdrawn, { culture, reverseCharge }) };
}
