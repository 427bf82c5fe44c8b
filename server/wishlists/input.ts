import type { Request } from 'express';
import { csrfField, csrfHeader } from '../http/security';
import { firstText, optionalId, requiredId } from '../shared/ids';

// The wishlist calls' parameters. The no-JS forms post them in the body, and a form's parameters are
// read from the body only: a query on the form's address (a crafted link, a form posted elsewhere with
// the visitor's token) names nothing. The specification's API calls send them in the query (Id with
// Quantity, Name or Description); the query is read there only on a script's call, one whose CSRF
// token came in its header, which no HTML form can set (then the query wins over the body).

/** Reads one parameter of the request. */
export type Params = (name: string) => unknown;

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/** A form's parameters: the body only. */
export function formParams(req: Request): Params {
  const body = bodyOf(req);
  return (name) => body[name];
}

/** A script's call: its (checked) CSRF token in the header, none in the body. */
function scriptCall(req: Request): boolean {
  const header = req.headers[csrfHeader];
  return typeof header === 'string' && header !== '' && bodyOf(req)[csrfField] === undefined;
}

/** An API call's parameters: the query (the specification's) on a script's call, else the body only. */
export function apiParams(req: Request): Params {
  if (!scriptCall(req)) return formParams(req);
  const query = req.query as Record<string, unknown>;
  const body = bodyOf(req);
  return (name) => query[name] ?? body[name];
}

export const requiredParam = (params: Params, name: string) => requiredId(params(name), name);

/** The list an add names (listId, or WishlistId), or null for a new list ('' or 0). */
export function chosenList(params: Params): number | null {
  const field = params('listId') !== undefined ? 'listId' : 'WishlistId';
  const text = firstText(params(field))?.trim();
  if (text === undefined || text === '' || text === '0') return null;
  return optionalId(text, field);
}
