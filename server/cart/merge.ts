import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { BadInput } from '../http/errors';
import { type CartRow, cartItemsOf, deleteCart, findCartRowOfToken, findCartRowOfUser, findLine, giveCartToUser, insertLine, setLineQuantity, updateCart, variantNames } from './data';
import { allowedQuantity, reasonMessage, sellableVariant } from './rules';

/** A notice for the next page: a resource key and its parameters. */
export interface CartNotice {
  key: string;
  params: Record<string, string | number>;
}

type Reason = ReturnType<typeof reasonMessage>;
type ChangedLine = { variantId: number; origin: string; itemKey: string; reason: Reason };
type GuestItem = Awaited<ReturnType<typeof cartItemsOf>>[number];

/**
 * A guest line added to the customer's line of the same variant and key: the sum re-checked against the
 * product's quantity rules and the stock, as any change is. Answers the kept quantity and why it differs.
 */
async function summedQuantity(trx: Transaction<Database>, item: GuestItem, ownQuantity: number): Promise<{ quantity: number; reason: Reason }> {
  const wanted = ownQuantity + item.quantity;
  try {
    const sellable = await sellableVariant(trx, item.variant_id);
    const allowed = allowedQuantity(sellable, wanted);
    return { quantity: allowed.quantity, reason: reasonMessage(sellable, allowed) };
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    // Not sellable or not even the minimum in stock: the customer's line stays as it was.
    return { quantity: ownQuantity, reason: null };
  }
}

/** Moves the guest cart's lines into the customer's; answers the lines whose summed quantity was changed. */
async function mergeLines(trx: Transaction<Database>, guest: CartRow, own: CartRow): Promise<ChangedLine[]> {
  const changed: ChangedLine[] = [];
  for (const item of await cartItemsOf(trx, { cartId: guest.id })) {
    const same = await findLine(trx, { cartId: own.id, variantId: item.variant_id, itemKey: item.item_key });
    if (!same) {
      await insertLine(trx, { cartId: own.id, variantId: item.variant_id, quantity: item.quantity, origin: item.origin, itemKey: item.item_key });
      continue;
    }
    const { quantity, reason } = await summedQuantity(trx, item, same.quantity);
    if (quantity !== same.quantity + item.quantity) changed.push({ variantId: item.variant_id, origin: item.origin, itemKey: item.item_key, reason });
    await setLineQuantity(trx, { cartId: own.id, itemId: same.id, quantity });
  }
  return changed;
}

/** The visitor's choices fill what the customer's cart left empty. */
async function mergeChoices(trx: Transaction<Database>, guest: CartRow, own: CartRow): Promise<void> {
  await updateCart(trx, {
    cartId: own.id,
    set: {
      shipping_country_id: own.shipping_country_id ?? guest.shipping_country_id,
      billing_country_id: own.billing_country_id ?? guest.billing_country_id,
      city_id: own.city_id ?? guest.city_id,
      shipping_method_id: own.shipping_method_id ?? guest.shipping_method_id,
      coupon_code: own.coupon_code ?? guest.coupon_code,
      pickup_point: own.pickup_point ?? guest.pickup_point,
    },
  });
}

/**
 * At sign-in, the visitor's cart (by its cookie token) joins the customer's: lines of the same variant
 * and key add up, the visitor's choices fill what the customer's cart left empty, and the visitor's cart
 * is gone. Without a customer cart, the visitor's simply becomes the customer's. One transaction.
 * Answers the notices for the next page: 'ShoppingCarts.QuantityChangedMessage' (and the reason) for
 * each summed quantity the rules or the stock changed; the sign-in flow shows them.
 */
export async function mergeCartsAtSignIn(db: Db, { token, userId, culture }: { token: string | null; userId: number; culture: string }): Promise<CartNotice[]> {
  if (!token) return [];
  const changed = await db.transaction().execute(async (trx) => {
    const guest = await findCartRowOfToken(trx, { token });
    if (!guest) return [];
    const own = await findCartRowOfUser(trx, { userId });
    if (!own) {
      await giveCartToUser(trx, { cartId: guest.id, userId });
      return [];
    }
    const lines = await mergeLines(trx, guest, own);
    await mergeChoices(trx, guest, own);
    await deleteCart(trx, { cartId: guest.id });
    return lines;
  });
  if (!changed.length) return [];
  const names = await variantNames(db, { variantIds: changed.map((line) => line.variantId), culture });
  return changed.flatMap((line) => [
    { key: 'ShoppingCarts.QuantityChangedMessage', params: { name: names.get(line.variantId) ?? '', origin: line.origin, key: line.itemKey } },
    ...(line.reason ? [line.reason] : []),
  ]);
}
