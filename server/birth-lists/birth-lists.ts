import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from '../db';
import { addToCart } from '../cart/actions';
import { BadInput, NotFound } from '../http/errors';
import { boughtForBirthList } from '../orders/reads';
import { checkListQuantity } from '../wishlists/rules';
import { BIRTH_LIST_ORIGIN, birthListItemKey } from './cart-lines';
import {
  type BirthListFields, type BirthListRow, deleteBirthList, deleteBirthListItem, findBirthListByToken, findBirthListItem, findOwnBirthList,
  insertBirthList, setBirthListItemQuantity, updateBirthList, upsertBirthListItem, wishedQuantity,
} from './data';

// The birth lists' domain: the owner's changes (scoped by userId: another's list is a NotFound), and the
// shared list, found by its unguessable token, from which anyone with the link buys.

/** 24 random bytes: 32 URL-safe characters, never guessed. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const newToken = () => randomBytes(24).toString('base64url');

export async function ownBirthList(db: Db, { userId, birthListId }: { userId: number; birthListId: number }): Promise<BirthListRow> {
  const list = await findOwnBirthList(db, { userId, birthListId });
  if (!list) throw new NotFound('BirthLists.UnknownList');
  return list;
}

/** The list a link shares; an unknown or malformed token is a 404 like any other. */
export async function sharedBirthList(db: Db, token: string): Promise<BirthListRow> {
  const list = TOKEN_PATTERN.test(token) ? await findBirthListByToken(db, { token }) : undefined;
  if (!list) throw new NotFound('BirthLists.UnknownList');
  return list;
}

export function createBirthList(db: Db, { userId, fields }: { userId: number; fields: BirthListFields }): Promise<number> {
  return insertBirthList(db, { userId, token: newToken(), fields });
}

export async function changeBirthList(db: Db, { userId, birthListId, fields }: { userId: number; birthListId: number; fields: BirthListFields }): Promise<void> {
  if (!(await updateBirthList(db, { userId, birthListId, fields }))) throw new NotFound('BirthLists.UnknownList');
}

export async function removeBirthList(db: Db, { userId, birthListId }: { userId: number; birthListId: number }): Promise<void> {
  if (!(await deleteBirthList(db, { userId, birthListId }))) throw new NotFound('BirthLists.UnknownList');
}

/** Sets the quantity wished of a variant in one of the owner's lists (added when new). */
export async function addToBirthList(db: Db, { userId, birthListId, variantId, quantity }: { userId: number; birthListId: number; variantId: number; quantity: number }) {
  await ownBirthList(db, { userId, birthListId });
  await checkListQuantity(db, { variantId, quantity });
  const itemId = await upsertBirthListItem(db, { birthListId, variantId, quantity });
  return { birthListId, itemId, quantity };
}

export async function changeBirthListItem(db: Db, { userId, birthListId, itemId, quantity }: { userId: number; birthListId: number; itemId: number; quantity: number }) {
  const item = await findBirthListItem(db, { userId, birthListId, itemId });
  if (!item) throw new NotFound('Wishlists.UnknownItem');
  await checkListQuantity(db, { variantId: item.variantId, quantity });
  await setBirthListItemQuantity(db, { userId, birthListId, itemId, quantity });
}

export async function removeBirthListItem(db: Db, { userId, birthListId, itemId }: { userId: number; birthListId: number; itemId: number }): Promise<void> {
  if (!(await deleteBirthListItem(db, { userId, birthListId, itemId }))) throw new NotFound('Wishlists.UnknownItem');
}

/** How many of a variant are still wished: wished less bought (paid orders), never below 0. */
export const remainingOf = (wished: number, bought: number) => Math.max(0, wished - bought);

/**
 * A guest buys from a shared list: the variant must be on it and the quantity within what is still
 * wished (and the stock); the cart line carries the list (ItemOrigin BirthList, ItemKey birthlist:{id}).
 */
export async function buyFromBirthList(req: Request, res: Response, { token, variantId, quantity }: { token: string; variantId: number; quantity: number }) {
  const db = req.app.locals.db as Db;
  const list = await sharedBirthList(db, token);
  const wished = await wishedQuantity(db, { birthListId: list.id, variantId });
  if (wished === undefined) throw new NotFound('Wishlists.UnknownItem');
  const bought = (await boughtForBirthList(db, { birthListId: list.id })).get(variantId) ?? 0;
  if (quantity > remainingOf(wished, bought)) throw new BadInput({ Quantity: 'BirthLists.QuantityAboveRemaining' });
  await checkListQuantity(db, { variantId, quantity });
  return addToCart(req, res, { variantId, quantity, origin: BIRTH_LIST_ORIGIN, itemKey: birthListItemKey(list.id) });
}
