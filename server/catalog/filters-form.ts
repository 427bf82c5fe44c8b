import { z } from 'zod';
import type { FieldErrors } from '../http/errors';
import { idOf } from '../shared/ids';
import { type CatalogFilter, emptyFilter, idGroups, idText, listInputError, normaliseFilter, priceBand } from './filters';

/**
 * The facet form (checkboxes and radios, method GET) names its inputs after the filter keys:
 * Categories=3&Brands=5&ProductAttributes.12=45&Price=0-2500. Its submission carries facets=1 and is
 * turned into the JSON filter here; the list route then redirects to the canonical address.
 */
export const FACET_FORM_MARKER = 'facets';
const ATTRIBUTE_FIELD = /^ProductAttributes\.(.*)$/;

const ids = z.array(idText).max(50);
const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export function isFacetFormSubmission(query: Record<string, unknown>): boolean {
  return query[FACET_FORM_MARKER] === '1';
}

function idsOf(value: unknown, field: string, errors: FieldErrors): number[] {
  const parsed = ids.safeParse(list(value).filter((item) => item !== ''));
  if (!parsed.success) {
    errors[field] = 'Catalog.InvalidFilter';
    return [];
  }
  return parsed.data.map(Number);
}

export function filterFromFacetFields(query: Record<string, unknown>): CatalogFilter {
  const errors: FieldErrors = {};
  const filter = emptyFilter();
  for (const group of idGroups) filter[group] = idsOf(query[group], group, errors);
  for (const [field, value] of Object.entries(query)) {
    const match = ATTRIBUTE_FIELD.exec(field);
    // A field naming no attribute id is not the form's: ignored, as any unknown parameter.
    if (match && idOf(match[1]) !== null) filter.ProductAttributes[match[1]] = idsOf(value, field, errors);
  }
  const price = list(query.Price).filter((item) => item !== '');
  if (price.length > 1 || (price.length === 1 && !priceBand.safeParse(price[0]).success)) errors.Price = 'Catalog.InvalidFilter';
  else filter.Price = (price[0] as string | undefined) ?? null;
  if (Object.keys(errors).length) throw listInputError(errors);
  return normaliseFilter(filter);
}
