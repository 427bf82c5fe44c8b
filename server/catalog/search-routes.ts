import { currentUser } from '../accounts/current-user';
import { Router } from 'express';
import { z } from 'zod';
import { requireUser } from '../accounts/current-user';
import { BadInput } from '../http/errors';
import { parseCustomerReferenceQuery, searchCustomerReferences } from './customer-references-search';
import { MAX_QUERY_LENGTH } from './lists-query';
import { DEFAULT_ACCURACY, suggestProducts } from './suggestions';

/** Suggestions: from 2 characters, 5 asked by default, at most 30 (what the search widget can show). */
export const SUGGESTION_MIN_LENGTH = 2;
export const MAX_SUGGESTIONS = 30;

const suggestionQuery = z.object({
  q: z.string().trim().min(SUGGESTION_MIN_LENGTH).max(MAX_QUERY_LENGTH),
  nbrResults: z.coerce.number().int().min(1).max(MAX_SUGGESTIONS).default(5),
  accuracy: z.coerce.number().min(0).max(1).default(DEFAULT_ACCURACY),
});

const fieldMessages: Record<string, string> = {
  q: 'Catalog.SearchTooShort',
  nbrResults: 'Catalog.InvalidParameter',
  accuracy: 'Catalog.InvalidParameter',
};

function parseSuggestionQuery(raw: Record<string, unknown>) {
  const values = Object.fromEntries(['q', 'nbrResults', 'accuracy'].map((name) => [name, raw[name] === '' ? undefined : raw[name]]));
  const parsed = suggestionQuery.safeParse({ ...values, q: typeof raw.q === 'string' ? raw.q : '' });
  if (parsed.success) return parsed.data;
  throw new BadInput(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), fieldMessages[String(issue.path[0])]])));
}

/**
 * The catalog's JSON search calls (spec section 7), at {app}/api/v1/catalog/... with the culture from
 * ?culture=, the Referer or Accept-Language, or under {app}/{culture}/api/v1/catalog/....
 */
export function catalogSearchApi(): Router {
  const router = Router({ mergeParams: true });

  /** GET …/search/suggestions?q&nbrResults=5&accuracy=0.3 -> [{Name, Photo: {AssetId, AssetName} | null, ProductUrl}] */
  router.get('/api/v1/catalog/search/suggestions', async (req, res) => {
    const { q, nbrResults, accuracy } = parseSuggestionQuery(req.query as Record<string, unknown>);
    const suggestions = await suggestProducts(req.app.locals.db, { culture: res.locals.culture, q, nbrResults, accuracy });
    res.set('Cache-Control', 'public, max-age=60').json(suggestions);
  });

  /** GET …/customerref/search?q&page -> [{CustomerSKU, ProductLink}]: the signed-in customer's own references. */
  router.get('/api/v1/catalog/customerref/search', requireUser(), async (req, res) => {
    const query = parseCustomerReferenceQuery(req.query as Record<string, unknown>);
    const { matches } = await searchCustomerReferences(req.app.locals.db, { userId: currentUser(res)!.id, culture: res.locals.culture, ...query });
    res.set('Cache-Control', 'private, no-store').json(matches.map(({ CustomerSKU, ProductLink }) => ({ CustomerSKU, ProductLink })));
  });

  return router;
}
