import type { Db } from '../db';
import { findWishlistItem } from './data';
import { ownWishlist } from './wishlists';

/** isinthelist: whether one of the customer's lists holds the variant, and its desired quantity. */
export async function isInList(db: Db, { userId, wishlistId, variantId }: { userId: number; wishlistId: number; variantId: number }) {
  await ownWishlist(db, { userId, wishlistId });
  const item = await findWishlistItem(db, { userId, wishlistId, variantId });
  return { IsInTheList: Boolean(item), Quantity: item?.quantity ?? null };
}
