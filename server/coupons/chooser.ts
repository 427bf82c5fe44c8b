import type { Db } from '../db/index';
import { formatMoney } from '../shared/money';
import { shopDateFormat } from '../shared/time-zone';
import { availableCoupons, type ListedCoupon } from './data';

/** A coupon as the chooser lists it: its amount, minimum and end date formatted for the culture. */
export interface ChooserCoupon extends ListedCoupon {
  amount: string;
  minimum: string | null;
  until: string | null;
}

/** How a listed coupon reads: "10 %" or "5,00 €" (as the culture writes them), its minimum and its end date. */
function couponTerms(coupon: ListedCoupon, culture: string): Pick<ChooserCoupon, 'amount' | 'minimum' | 'until'> {
  // A Percent coupon's value is basis points: 1000 is 10 %.
  const percent = new Intl.NumberFormat(culture, { style: 'percent', maximumFractionDigits: 2 });
  const amount = coupon.kind === 'Percent' ? percent.format(coupon.value / 10_000) : formatMoney({ cents: coupon.value, currency: coupon.currency }, culture);
  const minimum = coupon.minOrderCents > 0 ? formatMoney({ cents: coupon.minOrderCents, currency: coupon.currency }, culture) : null;
  const until = coupon.validUntil === null ? null : shopDateFormat(culture, { dateStyle: 'medium' }).format(coupon.validUntil);
  return { amount, minimum, until };
}

/** The coupons the chooser offers a visitor (userId null) or a customer now, with their terms. */
export async function chooserCoupons(db: Db, { culture, userId }: { culture: string; userId: number | null }): Promise<ChooserCoupon[]> {
  const coupons = await availableCoupons(db, { culture, userId });
  return coupons.map((coupon) => ({ ...coupon, ...couponTerms(coupon, culture) }));
}
