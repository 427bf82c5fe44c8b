import type { Request, Response } from 'express';
import type { Db } from '../db';
import { addToCart } from '../cart/actions';
import { allowedQuantity, sellableVariant } from '../cart/rules';
import { NotFound } from '../http/errors';
import {
  countWishlistProducts, deleteWishlist, deleteWishlistItems, findWishlist, findWishlistItem, insertWishlist, upsertWishlistItem,
  listWishlists, setWishlistItemQuantity, updateWishlist, wishlistItems, type WishlistRow,
} from './data';
import { checkListQuantity } from './rules';

// The wishlists' domain: each function takes the owner and acts on the owner's lists only (another
// customer's list or line is a NotFound, never a Forbidden that would tell it exists).

export async function ownWishlist(db: Db, { userId, wishlistId }: { userId: number; wishlistId: number }): Promise<WishlistRow> {
  const list = await findWishlist(db, { userId, wishlistId });
  if (!list) throw new NotFound('Wishlists.UnknownList');
  return list;
}

/** The list the page shows: the one asked (404 when not the customer's), else the first, else none. */
export async function activeWishlist(db: Db, { userId, wishlistId }: { userId: number; wishlistId: number | null }) {
  const lists = await listWishlists(db, { userId });
  if (wishlistId === null) return { lists, active: lists[0] ?? null };
  const active = lists.find((list) => list.id === wishlistId);
  if (!active) throw new NotFound('Wishlists.UnknownList');
  return { lists, active };
}

export interface Addition {
  userId: number;
  variantId: number;
  quantity: number;
  /** An existing list of the customer's, or null to make a new one named `newName`. */
  wishlistId: number | null;
  newName: string;
}

/** Sets the variant's desired quantity in a list (a new list when none is named); answers the list and line. */
export async function addVariant(db: Db, input: Addition): Promise<{ wishlistId: number; itemId: number; quantity: number }> {
  if (input.wishlistId !== null) await ownWishlist(db, { userId: input.userId, wishlistId: input.wishlistId });
  await checkListQuantity(db, { variantId: input.variantId, quantity: input.quantity });
  return db.transaction().execute(async (trx) => {
    const wishlistId = input.wishlistId ?? (await insertWishlist(trx, { userId: input.userId, name: input.newName }));
    const itemId = await upsertWishlistItem(trx, { wishlistId, variantId: input.variantId, quantity: input.quantity });
    return { wishlistId, itemId, quantity: input.quantity };
  });
}

export async function changeItemQuantity(db: Db, { userId, itemId, quantity }: { userId: number; itemId: number; quantity: number }) {
  const item = await findWishlistItem(db, { userId, itemId });
  if (!item) throw new NotFound('Wishlists.UnknownItem');
  await checkListQuantity(db, { variantId: item.variantId, quantity });
  await setWishlistItemQuantity(db, { userId, itemId, quantity });
  return { ...item, quantity };
}

export async function renameWishlist(db: Db, { userId, wishlistId, name }: { userId: number; wishlistId: number; name: string }): Promise<void> {
  if (!(await updateWishlist(db, { userId, wishlistId, set: { name } }))) throw new NotFound('Wishlists.UnknownList');
}

export async function describeWishlist(db: Db, { userId, wishlistId, description }: { userId: number; wishlistId: number; description: string }): Promise<void> {
  if (!(await updateWishlist(db, { userId, wishlistId, set: { description } }))) throw new NotFound('Wishlists.UnknownList');
}

/** Removes a variant from one list: the list must be the customer's and hold the variant. */
export async function removeFromList(db: Db, { userId, wishlistId, variantId }: { userId: number; wishlistId: number; variantId: number }): Promise<void> {
  await ownWishlist(db, { userId, wishlistId });
  if ((await deleteWishlistItems(db, { userId, wishlistId, variantId })) === 0) throw new NotFound('Wishlists.UnknownItem');
}

export async function removeFromAllLists(db: Db, { userId, variantId }: { userId: number; variantId: number }): Promise<number> {
  return deleteWishlistItems(db, { userId, variantId });
}

/** Deletes a list; answers the list to show next (the first left), or null. */
export async function removeWishlist(db: Db, { userId, wishlistId }: { userId: number; wishlistId: number }): Promise<number | null> {
  if (!(await deleteWishlist(db, { userId, wishlistId }))) throw new NotFound('Wishlists.UnknownList');
  return (await listWishlists(db, { userId }))[0]?.id ?? null;
}

export const wishlistCount = (db: Db, userId: number) => countWishlistProducts(db, { userId });

/**
 * Puts every line of one of the customer's lists into the visitor's cart through the cart's own writer.
 * Every line is checked first (sold, in stock), so a list that cannot be ordered whole changes nothing (a 400).
 */
export async function orderWishlist(req: Request, res: Response, { userId, wishlistId }: { userId: number; wishlistId: number }): Promise<number> {
  const db = req.app.locals.db as Db;
  await ownWishlist(db, { userId, wishlistId });
  const lines = await wishlistItems(db, { userId, wishlistId, culture: res.locals.culture });
  for (const line of lines) allowedQuantity(await sellableVariant(db, line.variantId), line.quantity);
  let added = 0;
  for (const line of lines) added += (await addToCart(req, res, { variantId: line.variantId, quantity: line.quantity, origin: 'Wishlist', itemKey: '' })).added;
  return added;
}

/** isinthelist: whether one of the customer's lists holds the variant, and its desired quantity. */
export async function isInList(db: Db, { userId, wishlistId, variantId }: { userId: number; wishlistId: number; variantId: number }) {
  await ownWishlist(db, { userId, wishlistId });
  const item = await findWishlistItem(db, { userId, wishlistId, variantId });
  return { IsInTheList: Boolean(item), Quantity: item?.quantity ?? null };
}
