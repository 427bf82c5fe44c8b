import type { Request, Response } from 'express';
import { appLocals } from '../http/locals';
import { BadInput } from '../http/errors';
import { knownCurrency, loadRates, visitorCurrency } from '../currencies/rates';
import { allowedQuantity, reasonMessage, sellableVariant } from './rules';
import { type Cart, ensureCart, findCart } from './cart';
import { deleteLine, findLine, findOwnLine, insertLine, setLineQuantity, updateCart } from './data';
import { type CartSummary, summarizeCart } from './pricing';

// What the cart's lines calls change, apart from how they answer (JSON for the API, a redirect for the no-JS forms).

export interface LineChange {
  itemId: number;
  quantity: number;
  /** The server kept another quantity than the one asked (rules or stock): QuantityChangedMessage. */
  changed: boolean;
  /** Why (a resource key naming the rule, and its parameters), when changed. */
  reason?: { key: string; params: Record<string, string | number> } | null;
}

export type LoadedCart = { cart: Cart; summary: CartSummary };

/**
 * The request's cart, summarised, or null. The cart follows the visitor's currency (the currency widget
 * sets the cookie; the cart is re-priced from the catalog prices on every read), so a changed currency
 * is saved first.
 */
export async function loadSummary(req: Request, res: Response): Promise<LoadedCart | null> {
  const { db } = appLocals(req);
  const cart = await findCart(req);
  if (!cart) return null;
  const currency = knownCurrency(visitorCurrency(req), await loadRates(db));
  if (cart.currency !== currency) {
    await updateCart(db, { cartId: cart.id, set: { currency } });
    cart.currency = currency;
  }
  return { cart, summary: await summarizeCart(db, cart, { culture: res.locals.culture }) };
}

/** Adds `quantity` of a variant to the request's cart (to the same line when one of the same variant and key exists). */
export async function addToCart(
  req: Request,
  res: Response,
  input: { variantId: number; quantity: number; origin: string; itemKey: string },
): Promise<{ cart: Cart; line: LineChange; added: number }> {
  const sellable = await sellableVariant(appLocals(req).db, input.variantId);
  return addToCartOf(req, await ensureCart(req, res, { currency: visitorCurrency(req) }), input, sellable);
}

/** The same add to a given cart (a customer's, prepared by staff: cart.ts ensureCustomerCart), through the same rules. */
export async function addToCartOf(
  req: Request,
  cart: Cart,
  input: { variantId: number; quantity: number; origin: string; itemKey: string },
  known?: Awaited<ReturnType<typeof sellableVariant>>,
): Promise<{ cart: Cart; line: LineChange; added: number }> {
  const { db } = appLocals(req);
  const sellable = known ?? (await sellableVariant(db, input.variantId));
  const line = await db.transaction().execute(async (trx) => {
    const existing = await findLine(trx, { cartId: cart.id, variantId: input.variantId, itemKey: input.itemKey });
    const wanted = (existing?.quantity ?? 0) + input.quantity;
    const allowed = allowedQuantity(sellable, wanted);
    const quantity = allowed.quantity;
    let itemId: number;
    if (existing) {
      itemId = existing.id;
      await setLineQuantity(trx, { cartId: cart.id, itemId, quantity });
    } else {
      itemId = await insertLine(trx, { cartId: cart.id, variantId: input.variantId, quantity, origin: input.origin, itemKey: input.itemKey });
      await updateCart(trx, { cartId: cart.id, set: {} });
    }
    return { itemId, quantity, changed: quantity !== wanted, reason: reasonMessage(sellable, allowed), before: existing?.quantity ?? 0 };
  });
  return { cart, line: { itemId: line.itemId, quantity: line.quantity, changed: line.changed, reason: line.reason }, added: line.quantity - line.before };
}

/** The visitor's cart and one of its lines, else a 400 (a line of someone else's cart is unknown too). */
async function ownLine(req: Request, itemId: number) {
  const cart = await findCart(req);
  const item = cart ? await findOwnLine(appLocals(req).db, { cartId: cart.id, itemId }) : undefined;
  if (!cart || !item) throw new BadInput({ Id: 'ShoppingCarts.UnknownItem' });
  return { cart, item };
}

export async function changeQuantity(req: Request, itemId: number, quantity: number): Promise<LineChange> {
  const { db } = appLocals(req);
  const { cart, item } = await ownLine(req, itemId);
  const sellable = await sellableVariant(db, item.variant_id);
  const allowed = allowedQuantity(sellable, quantity);
  const kept = allowed.quantity;
  await setLineQuantity(db, { cartId: cart.id, itemId: item.id, quantity: kept });
  return { itemId, quantity: kept, changed: kept !== quantity, reason: reasonMessage(sellable, allowed) };
}

export async function removeItem(req: Request, itemId: number): Promise<void> {
  const { cart, item } = await ownLine(req, itemId);
  await deleteLine(appLocals(req).db, { cartId: cart.id, itemId: item.id });
}

export type AddedToCart = { line: LineChange; added: number; summary: CartSummary | null };

/** Adds to the cart, then summarises it as it now is (the answer shows the line and the cart's amounts). */
export async function addToCartAndSummarize(req: Request, res: Response, input: Parameters<typeof addToCart>[2]): Promise<AddedToCart> {
  const { line, added } = await addToCart(req, res, input);
  const loaded = await loadSummary(req, res);
  return { line, added, summary: loaded?.summary ?? null };
}
