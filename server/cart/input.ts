import { firstText, idOf } from '../shared/ids';
import { BadInput } from '../http/errors';

// What the cart's forms and API calls send, parsed: a bad value is a 400 on its field.

/** A quantity as asked: a whole number of at least 1, else a 400 (negative, zero, decimal, not a number). */
export function parseQuantityInput(value: unknown, { required }: { required: boolean }): number {
  if (value === undefined || value === null || value === '') {
    if (required) throw new BadInput({ Quantity: 'ShoppingCarts.QuantityInvalid' });
    return 1;
  }
  const text = String(typeof value === 'number' ? value : value).trim();
  if (!/^\d{1,6}$/.test(text)) throw new BadInput({ Quantity: 'ShoppingCarts.QuantityInvalid' });
  const quantity = Number(text);
  if (quantity < 1) throw new BadInput({ Quantity: 'ShoppingCarts.QuantityInvalid' });
  return quantity;
}

/** A positive whole id from a body field or path segment (the catalog's one id rule), else a 400 on that field. */
export function parseIdInput(value: unknown, field: string, key: string): number {
  const id = idOf(firstText(value)?.trim() ?? '');
  if (id === null) throw new BadInput({ [field]: key });
  return id;
}

/**
 * The order origins only a feature's own route may give a line (a birth list's buy route with its
 * token, a prepaid account's add): the origin and the key prefix that mark them. The generic cart API
 * refuses them (400), so nobody attributes a purchase to someone's birth list or account, or slips an
 * ordinary add into such a line (lines of the same variant and key are merged).
 */
const RESERVED_ORIGINS = ['birthlist', 'prepaid'];
const RESERVED_KEY = /^\s*(birthlist|prepaid)\s*:/i;

/** Order-origin fields: ItemOrigin (a word, default 'Catalog') and ItemKey (up to 100 characters, default none); a reserved one is a 400. */
export function originOf(body: Record<string, unknown>): { origin: string; itemKey: string } {
  const origin = typeof body.ItemOrigin === 'string' && /^[A-Za-z]{1,50}$/.test(body.ItemOrigin) ? body.ItemOrigin : 'Catalog';
  const itemKey = typeof body.ItemKey === 'string' ? body.ItemKey.trim().slice(0, 100) : '';
  if (RESERVED_ORIGINS.includes(origin.toLowerCase())) throw new BadInput({ ItemOrigin: 'ShoppingCarts.ReservedOrigin' });
  if (RESERVED_KEY.test(itemKey)) throw new BadInput({ ItemKey: 'ShoppingCarts.ReservedOrigin' });
  return { origin, itemKey };
}

/** What an add to cart asks: the variant, the quantity (1 when none) and its order origin. */
export function parseAddition(body: Record<string, unknown>): { variantId: number; quantity: number; origin: string; itemKey: string } {
  const variantId = parseIdInput(body.ProductVariantId, 'ProductVariantId', 'ShoppingCarts.UnknownVariant');
  const quantity = parseQuantityInput(body.Quantity, { required: false });
  return { variantId, quantity, ...originOf(body) };
}

/** The add-to-cart confirmation's query: the line, the quantity added, whether the server changed it, the name asked. */
export function parseAddedQuery(query: Record<string, unknown>): { itemId: number; quantity: number; changed: boolean; name: string } {
  const itemId = parseIdInput(query.item, 'item', 'ShoppingCarts.UnknownItem');
  const quantity = /^\d{1,6}$/.test(String(query.quantity ?? '')) ? Number(query.quantity) : 0;
  return { itemId, quantity, changed: query.changed === '1', name: typeof query.name === 'string' ? query.name.slice(0, 200) : '' };
}
