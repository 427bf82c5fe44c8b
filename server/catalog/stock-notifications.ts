import { addStock } from './stock-moves';
import type { Db } from '../db';
import { isSellable } from '../../common/stock';
import { findVariant, type VariantRow } from './variants-data';

// "Tell me when it is back": one open subscription per address and variant; a restock that makes
// the variant sellable again mails each open subscriber once and closes their subscription.

export interface StockSubscription {
  id: number;
  email: string;
  culture: string;
  variantId: number;
  productId: number;
}

/** Mails one subscriber of the variant it was made for. */
export type SubscriberNotice = (subscription: StockSubscription) => Promise<void>;

/**
 * Back-in-stock mail: given the restocked variant, the notice for each of its subscribers
 * (server/catalog/stock-notifications-mail.ts builds the real one).
 */
export type StockNotifier = (variant: Pick<VariantRow, 'id' | 'productId' | 'sku'>) => SubscriberNotice;

/**
 * Stores the address once per variant; subscribing again keeps that one row, reopened if it had
 * already been notified, in the culture of the latest request.
 */
export async function subscribeToStock(
  db: Db,
  { variantId, productId, email, culture }: { variantId: number; productId: number; email: string; culture: string },
): Promise<void> {
  await db
    .insertInto('stock_notifications')
    .values({ variant_id: variantId, product_id: productId, email, culture, created_at: Date.now(), notified_at: null })
    .onConflict((conflict) => conflict.columns(['variant_id', 'email']).doUpdateSet({ culture, notified_at: null }))
    .execute();
}

export async function listOpenSubscriptions(db: Db, { variantId }: { variantId: number }): Promise<StockSubscription[]> {
  const rows = await db
    .selectFrom('stock_notifications')
    .select(['id', 'email', 'culture', 'variant_id', 'product_id'])
    .where('variant_id', '=', variantId)
    .where('notified_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, culture: row.culture, variantId: row.variant_id, productId: row.product_id }));
}

/**
 * Mails every open subscriber of a variant once. Each subscription is claimed (notified_at set only
 * where still null) before its mail goes, so two restocks at once never mail anyone twice; a mail that
 * fails reopens its subscription for the next restock.
 */
export async function notifyBackInStock(db: Db, { variantId }: { variantId: number }, notify: SubscriberNotice): Promise<number> {
  let sent = 0;
  for (const subscription of await listOpenSubscriptions(db, { variantId })) {
    const claimed = await db
      .updateTable('stock_notifications')
      .set({ notified_at: Date.now() })
      .where('id', '=', subscription.id)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await notify(subscription);
      sent++;
    } catch (error) {
      await db.updateTable('stock_notifications').set({ notified_at: null }).where('id', '=', subscription.id).execute();
      throw error;
    }
  }
  return sent;
}

export class RestockError extends Error {}

/**
 * Adds a delivery of `quantity` units of a variant to a warehouse; when the variant can be sold again,
 * its open subscribers are told. Answers the variant's new total stock and how many mails went out.
 */
export async function restock(
  db: Db,
  { variantId, warehouseId, quantity }: { variantId: number; warehouseId: number; quantity: number },
  notify?: StockNotifier,
): Promise<{ stockQuantity: number; notified: number }> {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new RestockError('The quantity must be a positive whole number');
  await db.transaction().execute(async (tx) => {
    const warehouse = await tx.selectFrom('warehouses').select('id').where('id', '=', warehouseId).executeTakeFirst();
    const variant = await tx.selectFrom('product_variants').select('id').where('id', '=', variantId).executeTakeFirst();
    if (!warehouse || !variant) throw new RestockError('Unknown variant or warehouse');
    await addStock(tx, { variantId, warehouseId, quantity });
  });
  const variant = await findVariant(db, { variantId });
  const notified = variant && isSellable(variant) && notify ? await notifyBackInStock(db, { variantId }, notify(variant)) : 0;
  return { stockQuantity: variant?.stockQuantity ?? 0, notified };
}
