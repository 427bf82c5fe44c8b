// A coupon use given back: a cancelled order no longer counts against the coupon's uses (redeemCoupon in
// discount.ts records them when the order is placed).
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Deletes the order's redemptions and decrements each coupon's used count (never below 0). */
export async function releaseCoupons(trx: Transaction<Database>, { orderId }: { orderId: number }): Promise<void> {
  const redemptions = await trx.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).returning('coupon_id').execute();
  for (const redemption of redemptions) {
    await trx
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('id', '=', redemption.coupon_id)
      .where('used_count', '>', 0)
      .execute();
  }
}
