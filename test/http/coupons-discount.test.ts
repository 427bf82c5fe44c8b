// Coupons as the cart and the order use them: cartDiscount's arithmetic and rules, redeemCoupon's limits
// under concurrent order transactions (SQLite, and PostgreSQL with DATABASE_URL).
import { CouponExhausted, cartDiscount, checkCoupon, redeemCoupon } from '../../server/coupons/discount';
import { useTestApp } from '../support/app';

const testApp = useTestApp();
const base = { subtotalInclCents: 10_000, currency: 'EUR', userId: null, email: 'someone@example.com' };

async function userIdOf(email: string): Promise<number> {
  return (await testApp.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

async function usedCount(code: string): Promise<number> {
  return Number((await testApp.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);
}

async function addCoupon(code: string, values: Partial<{ kind: 'Percent' | 'Amount'; value: number; usage_limit: number | null; per_customer_limit: number | null; min_order_cents: number; currency: string }>) {
  await testApp.db
    .insertInto('coupons')
    .values({ code, kind: 'Percent', value: 1000, currency: 'EUR', min_order_cents: 0, valid_from: null, valid_until: null, usage_limit: null, per_customer_limit: null, used_count: 0, user_id: null, is_active: 1, created_at: Date.now(), ...values })
    .execute();
}

/** Each redemption in its own transaction, as an order does; answers how many committed. */
async function redeemConcurrently(count: number, input: (index: number) => Parameters<typeof redeemCoupon>[1]) {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => testApp.db.transaction().execute((trx) => redeemCoupon(trx, input(index)))),
  );
  const rejected = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
  for (const failure of rejected) expect(failure.reason).toBeInstanceOf(CouponExhausted);
  return outcomes.length - rejected.length;
}

describe('cartDiscount', () => {
  it('takes 10 % off with WELCOME10, whatever the case and spaces typed', async () => {
    expect(await cartDiscount(testApp.db, { ...base, code: ' welcome10 ', subtotalInclCents: 4_995 })).toEqual({ code: 'WELCOME10', inclCents: 500 });
  });

  it('rounds a percentage half up in cents', async () => {
    // 10 % of 45 cents is 4.5 cents: 5.
    expect(await cartDiscount(testApp.db, { ...base, code: 'WELCOME10', subtotalInclCents: 45 })).toEqual({ code: 'WELCOME10', inclCents: 5 });
    expect(await cartDiscount(testApp.db, { ...base, code: 'WELCOME10', subtotalInclCents: 44 })).toEqual({ code: 'WELCOME10', inclCents: 4 });
  });

  it('gives SAVE5 only from 50 € and converts both the minimum and the amount into the cart currency', async () => {
    expect(await cartDiscount(testApp.db, { ...base, code: 'SAVE5', subtotalInclCents: 4_999 })).toBeNull();
    expect(await cartDiscount(testApp.db, { ...base, code: 'SAVE5', subtotalInclCents: 5_000 })).toEqual({ code: 'SAVE5', inclCents: 500 });
    // 50 € = 54.00 USD at 1.08; 5 € = 5.40 USD.
    expect(await cartDiscount(testApp.db, { ...base, code: 'SAVE5', currency: 'USD', subtotalInclCents: 5_399 })).toBeNull();
    expect(await cartDiscount(testApp.db, { ...base, code: 'SAVE5', currency: 'USD', subtotalInclCents: 5_400 })).toEqual({ code: 'SAVE5', inclCents: 540 });
  });

  it('never takes off more than the subtotal', async () => {
    await addCoupon('BIG100', { kind: 'Amount', value: 10_000 });
    expect(await cartDiscount(testApp.db, { ...base, code: 'BIG100', subtotalInclCents: 2_500 })).toEqual({ code: 'BIG100', inclCents: 2_500 });
  });

  it('refuses an unknown, an empty and an expired code', async () => {
    expect(await checkCoupon(testApp.db, { ...base, code: 'NOPE' })).toEqual({ applies: false, reason: 'unknown' });
    expect(await checkCoupon(testApp.db, { ...base, code: '  ' })).toEqual({ applies: false, reason: 'unknown' });
    expect(await checkCoupon(testApp.db, { ...base, code: 'SUMMER2024' })).toEqual({ applies: false, reason: 'expired' });
  });

  it("lets only its owner use a customer's own coupon", async () => {
    const claire = await userIdOf('customer@example.com');
    const staff = await userIdOf('staff@example.com');
    expect(await checkCoupon(testApp.db, { ...base, code: 'CLAIRE15', userId: null })).toEqual({ applies: false, reason: 'not-yours' });
    expect(await checkCoupon(testApp.db, { ...base, code: 'CLAIRE15', userId: staff })).toEqual({ applies: false, reason: 'not-yours' });
    expect(await cartDiscount(testApp.db, { ...base, code: 'CLAIRE15', userId: claire })).toEqual({ code: 'CLAIRE15', inclCents: 1_500 });
  });
});

describe('redeemCoupon', () => {
  it('uses FIRST10 (limited to 10) at most 10 times under 50 concurrent order transactions', async () => {
    expect(await usedCount('FIRST10')).toBe(0);
    const committed = await redeemConcurrently(50, (index) => ({ code: 'FIRST10', orderId: 1_000 + index, userId: null, email: `buyer${index}@example.com` }));
    expect(committed).toBe(10);
    expect(await usedCount('FIRST10')).toBe(10);
    const redemptions = await testApp.db
      .selectFrom('coupon_redemptions')
      .innerJoin('coupons', 'coupons.id', 'coupon_redemptions.coupon_id')
      .select('coupon_redemptions.order_id')
      .where('coupons.code', '=', 'FIRST10')
      .execute();
    expect(redemptions).toHaveLength(10);
    expect(await cartDiscount(testApp.db, { ...base, code: 'FIRST10' })).toBeNull();
  });

  it('uses a once-per-customer coupon once for one customer under 20 concurrent orders, and still for another', async () => {
    await addCoupon('ONCEEACH', { per_customer_limit: 1 });
    const committed = await redeemConcurrently(20, (index) => ({ code: 'ONCEEACH', orderId: 2_000 + index, userId: null, email: 'Same.Buyer@example.com' }));
    expect(committed).toBe(1);
    expect(await usedCount('ONCEEACH')).toBe(1);
    expect(await checkCoupon(testApp.db, { ...base, code: 'ONCEEACH', email: 'same.buyer@example.com' })).toEqual({ applies: false, reason: 'customer-limit' });
    await testApp.db.transaction().execute((trx) => redeemCoupon(trx, { code: 'ONCEEACH', orderId: 2_100, userId: null, email: 'other@example.com' }));
    expect(await usedCount('ONCEEACH')).toBe(2);
  });

  it('rolls back with the order: a failed order leaves the counter as it was', async () => {
    await addCoupon('ROLLBACK', { usage_limit: 5 });
    await expect(
      testApp.db.transaction().execute(async (trx) => {
        await redeemCoupon(trx, { code: 'ROLLBACK', orderId: 3_000, userId: null, email: 'a@example.com' });
        throw new Error('payment step failed');
      }),
    ).rejects.toThrow('payment step failed');
    expect(await usedCount('ROLLBACK')).toBe(0);
  });

  it('throws CouponExhausted for an expired coupon and for a stranger using a customer coupon', async () => {
    const redeem = (code: string, userId: number | null) => testApp.db.transaction().execute((trx) => redeemCoupon(trx, { code, orderId: 4_000, userId, email: 'x@example.com' }));
    await expect(redeem('SUMMER2024', null)).rejects.toMatchObject({ name: 'CouponExhausted', reason: 'expired' });
    await expect(redeem('CLAIRE15', null)).rejects.toMatchObject({ name: 'CouponExhausted', reason: 'not-yours' });
    expect(await usedCount('CLAIRE15')).toBe(0);
  });
});
