import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { toNumber } from '../db/normalise';
import { convertCents, loadRates } from '../currencies/rates';

type Queries = Kysely<Database>; // a database or a transaction

/** Why a code does not apply (the cart's answer and the tests read it; visitors see one message). */
export type CouponRefusal =
  | 'unknown'
  | 'inactive'
  | 'not-yet-valid'
  | 'expired'
  | 'not-yours'
  | 'exhausted'
  | 'customer-limit'
  | 'minimum-not-reached'
  | 'top-ups-only';

/**
 * Refusals that the cart's own content explains (its summary shows them): too small a subtotal, or only
 * prepaid top-ups. Any other refusal of a code the cart holds happened outside the cart since it took the
 * code (used up, expired, withdrawn): a checkout must not go on at a price the shopper did not see.
 */
const refusalsOfTheCart: readonly CouponRefusal[] = ['minimum-not-reached', 'top-ups-only'];

/** Whether a refusal of the cart's code happened outside the cart (see refusalsOfTheCart). */
export function couponLapsed(refusal: CouponRefusal | null): boolean {
  return refusal !== null && !refusalsOfTheCart.includes(refusal);
}

/** Thrown by redeemCoupon inside the order's transaction, so the order rolls back with it. */
export class CouponExhausted extends Error {
  constructor(
    readonly code: string,
    readonly reason: CouponRefusal = 'exhausted',
  ) {
    super(`Coupon ${code} cannot be redeemed (${reason})`);
    this.name = 'CouponExhausted';
  }
}

/** Codes are kept upper-case without spaces around; a visitor may type them any way. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const normaliseEmail = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

export interface CouponCheck {
  code: string;
  /** What the coupon discounts: the tax-incl subtotal of the lines it applies to (never prepaid top-ups). */
  subtotalInclCents: number;
  /** The tax-incl subtotal of the cart's prepaid top-up lines, which no coupon discounts. */
  topUpInclCents?: number;
  currency: string;
  userId: number | null;
  email?: string | null;
  now?: number;
}

export type CouponVerdict = { applies: true; code: string; inclCents: number } | { applies: false; reason: CouponRefusal };

/** Redemptions of one coupon by this customer (by account, else by address). */
async function customerRedemptions(db: Queries, couponId: number, userId: number | null, email: string): Promise<number> {
  if (userId === null && !email) return 0;
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('coupon_id', '=', couponId)
    .where((eb) => {
      const matches = [];
      if (userId !== null) matches.push(eb('user_id', '=', userId));
      if (email) matches.push(eb('email', '=', email));
      return eb.or(matches);
    })
    .executeTakeFirstOrThrow();
  return toNumber(row.count);
}

/** Whether `code` applies to a cart, and for how much (tax-incl, in the cart's currency), or why not. */
export async function checkCoupon(db: Queries, input: CouponCheck): Promise<CouponVerdict> {
  const code = normaliseCouponCode(input.code);
  const now = input.now ?? Date.now();
  const coupon = code ? await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst() : undefined;
  if (!coupon) return { applies: false, reason: 'unknown' };
  if (toNumber(coupon.is_active) !== 1) return { applies: false, reason: 'inactive' };
  if (coupon.valid_from !== null && toNumber(coupon.valid_from) > now) return { applies: false, reason: 'not-yet-valid' };
  if (coupon.valid_until !== null && toNumber(coupon.valid_until) <= now) return { applies: false, reason: 'expired' };
  if (coupon.user_id !== null && coupon.user_id !== input.userId) return { applies: false, reason: 'not-yours' };
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) return { applies: false, reason: 'exhausted' };
  if (coupon.per_customer_limit !== null) {
    const used = await customerRedemptions(db, coupon.id, input.userId, normaliseEmail(input.email));
    if (used >= coupon.per_customer_limit) return { applies: false, reason: 'customer-limit' };
  }
  if (input.subtotalInclCents <= 0 && (input.topUpInclCents ?? 0) > 0) return { applies: false, reason: 'top-ups-only' };
  const rates = await loadRates(db);
  const minimum = convertCents(coupon.min_order_cents, coupon.currency, input.currency, rates);
  if (input.subtotalInclCents <= 0 || input.subtotalInclCents < minimum) return { applies: false, reason: 'minimum-not-reached' };
  const inclCents =
    coupon.kind === 'Percent'
      ? Math.floor((input.subtotalInclCents * coupon.value * 2 + 10_000) / 20_000) // half up
      : convertCents(coupon.value, coupon.currency, input.currency, rates);
  return { applies: true, code, inclCents: Math.min(inclCents, input.subtotalInclCents) };
}

/**
 * The discount `code` gives a cart (tax-incl cents in the cart's currency; never more than the subtotal),
 * or null when it does not apply. The cart works out the tax-excl part proportionally.
 */
export async function cartDiscount(
  db: Queries,
  input: { code: string; subtotalInclCents: number; currency: string; userId: number | null; email?: string | null; now?: number },
): Promise<{ code: string; inclCents: number } | null> {
  const verdict = await checkCoupon(db, input);
  return verdict.applies ? { code: verdict.code, inclCents: verdict.inclCents } : null;
}

/**
 * Uses `code` once for an order, inside the order's transaction. The counter moves only by a conditional
 * update (WHERE used_count < usage_limit and still valid), which also locks the coupon's row until the
 * transaction ends (PostgreSQL re-reads the row after waiting; SQLite runs one writer at a time), so the
 * per-customer count read after it sees every redemption committed before. Throws CouponExhausted (the
 * order rolls back) when the coupon is used up, no longer valid or used up by this customer.
 */
export async function redeemCoupon(
  trx: Queries,
  input: { code: string; orderId: number; userId: number | null; email: string; now?: number },
): Promise<void> {
  const code = normaliseCouponCode(input.code);
  const now = input.now ?? Date.now();
  const email = normaliseEmail(input.email);
  const updated = await trx
    .updateTable('coupons')
    .set({ used_count: sql<number>`used_count + 1` })
    .where('code', '=', code)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
    .where((eb) => eb.or([eb('user_id', 'is', null), ...(input.userId === null ? [] : [eb('user_id', '=', input.userId)])]))
    .returning(['id', 'per_customer_limit'])
    .executeTakeFirst();
  if (!updated) {
    const verdict = await checkCoupon(trx, { code, subtotalInclCents: Number.MAX_SAFE_INTEGER, currency: 'EUR', userId: input.userId, email, now });
    throw new CouponExhausted(code, verdict.applies ? 'exhausted' : verdict.reason);
  }
  if (updated.per_customer_limit !== null) {
    const used = await customerRedemptions(trx, updated.id, input.userId, email);
    if (used >= updated.per_customer_limit) throw new CouponExhausted(code, 'customer-limit');
  }
  await trx
    .insertInto('coupon_redemptions')
    .values({ coupon_id: updated.id, order_id: input.orderId, user_id: input.userId, email, created_at: now })
    .execute();
}
