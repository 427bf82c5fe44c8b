import type { Generated } from 'kysely';

type Timestamp = number | string;
type Flag = number; // 0/1 on both databases (see normalise.ts toBoolean)

export type CouponKind = 'Percent' | 'Amount';

/**
 * Coupon and currency tables (migration 007). Money is integer: rate_ppm = units per 1 EUR × 1,000,000;
 * a Percent coupon's value is basis points (1000 = 10 %), an Amount coupon's value is cents of its currency.
 */
export interface CouponTables {
  currencies: { code: string; rate_ppm: number; is_active: Flag; position: number };
  coupons: {
    id: Generated<number>;
    code: string;
    kind: CouponKind;
    value: number;
    currency: string;
    /** In the coupon's currency, tax-incl subtotal; 0 = no minimum. */
    min_order_cents: number;
    valid_from: Timestamp | null;
    valid_until: Timestamp | null;
    usage_limit: number | null;
    per_customer_limit: number | null;
    used_count: number;
    /** A customer's own coupon (only they can use it); null = anyone's. */
    user_id: number | null;
    is_active: Flag;
    created_at: Timestamp;
  };
  coupon_translations: { coupon_id: number; culture: string; label: string };
  coupon_redemptions: {
    id: Generated<number>;
    coupon_id: number;
    order_id: number;
    user_id: number | null;
    email: string;
    created_at: Timestamp;
  };
}
