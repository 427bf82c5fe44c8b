import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema';
import type { CartTables } from './tables';

/**
 * The one data module that writes the carts and cart_items tables. Other features (checkout, coupons,
 * currencies, pickup, orders) change a cart through these functions, never with a query of their own.
 */
type Executor = Kysely<Database> | Transaction<Database>;

/** The cart fields another feature may set: its choices (country, method, coupon, currency, pickup point, VAT number). */
export type CartChoices = Omit<Updateable<CartTables['carts']>, 'id' | 'token' | 'user_id' | 'created_at' | 'updated_at'>;

/** Sets a cart's choices and marks it updated. */
export async function updateCart(db: Executor, { cartId, set, now = Date.now() }: { cartId: number; set: CartChoices; now?: number }): Promise<void> {
  await db.updateTable('carts').set({ ...set, updated_at: now }).where('id', '=', cartId).execute();
}
