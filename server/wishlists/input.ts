import type { Request } from 'express';
import { firstText, optionalId, requiredId } from '../shared/ids';

// The wishlist calls' parameters: the specification sends them in the query (Id with Quantity, Name or
// Description); the no-JS forms post the same names in the body. The query wins when both are there.

export function param(req: Request, name: string): unknown {
  const query = req.query as Record<string, unknown>;
  const body = (req.body ?? {}) as Record<string, unknown>;
  return query[name] ?? body[name];
}

export const requiredParam = (req: Request, name: string) => requiredId(param(req, name), name);

/** The list an add names (listId, or WishlistId), or null for a new list ('' or 0). */
export function chosenList(req: Request): number | null {
  const field = param(req, 'listId') !== undefined ? 'listId' : 'WishlistId';
  const text = firstText(param(req, field))?.trim();
  if (text === undefined || text === '' || text === '0') return null;
  return optionalId(text, field);
}
