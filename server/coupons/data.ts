import type { Db } from '../db/index';
import { toNumber } from '../db/normalise';

/**
 * The coupons feature's reads for the chooser and the customer's list. Checking and redeeming a code
 * (discount.ts) keep their queries beside the rules they enforce inside the order's transaction.
 */

export interface ListedCoupon {
  code: string;
  label: string;
  kind: 'Percent' | 'Amount';
  value: number;
  currency: string;
  minOrderCents: number;
  validUntil: number | null;
  own: boolean;
}

/**
 * The coupons a visitor may choose now: public ones and (signed in) their own, active, within their
 * dates and not used up; labelled in the culture. `onlyOwn` keeps a customer's own coupons alone.
 */
export async function availableCoupons(
  db: Db,
  { culture, userId, onlyOwn = false, now = Date.now() }: { culture: string; userId: number | null; onlyOwn?: boolean; now?: number },
): Promise<ListedCoupon[]> {
  const rows = await db
    .selectFrom('coupons as c')
    .leftJoin('coupon_translations as ct', (join) => join.onRef('ct.coupon_id', '=', 'c.id').on('ct.culture', '=', culture))
    .select(['c.code', 'c.kind', 'c.value', 'c.currency', 'c.min_order_cents', 'c.valid_until', 'c.user_id', 'ct.label'])
    .where('c.is_active', '=', 1)
    .where((eb) => eb.or([eb('c.valid_from', 'is', null), eb('c.valid_from', '<=', now)]))
    .where((eb) => eb.or([eb('c.valid_until', 'is', null), eb('c.valid_until', '>', now)]))
    .where((eb) => eb.or([eb('c.usage_limit', 'is', null), eb('c.used_count', '<', eb.ref('c.usage_limit'))]))
    .where((eb) => {
      if (onlyOwn) return userId === null ? eb.val(false) : eb('c.user_id', '=', userId);
      return eb.or([eb('c.user_id', 'is', null), ...(userId === null ? [] : [eb('c.user_id', '=', userId)])]);
    })
    .orderBy('c.user_id', 'desc')
    .orderBy('c.code')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    label: row.label ?? row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency,
    minOrderCents: row.min_order_cents,
    validUntil: row.valid_until === null ? null : toNumber(row.valid_until),
    own: row.user_id !== null,
  }));
}
