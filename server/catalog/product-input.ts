import { BadInput } from '../http/errors';
import type { SelectionInput } from './product-selection';

// Reading the product page's and the productvariants API's query: ids must be whole numbers
// (a clear 400 otherwise), an empty value means "not chosen", the quantity is kept as typed.

export const MAX_VARIATION_POSITIONS = 3;

type QueryValue = unknown;

/** The first of repeated query values; a JSON number reads as its text. */
function first(value: QueryValue): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  if (typeof single === 'number') return String(single);
  return typeof single === 'string' ? single : undefined;
}

/** A positive whole number, or null when absent or empty; anything else is a 400 naming the field. */
export function optionalId(value: QueryValue, field: string): number | null {
  const text = first(value)?.trim();
  if (text === undefined || text === '') return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) === 0) throw new BadInput({ [field]: 'Catalog.InvalidId' });
  return Number(text);
}

export function requiredId(value: QueryValue, field: string): number {
  const id = optionalId(value, field);
  if (id === null) throw new BadInput({ [field]: 'Catalog.InvalidId' });
  return id;
}

/** A yes/no query flag (true, 1, on), false when absent. */
export function flag(value: QueryValue): boolean {
  return ['true', '1', 'on'].includes((first(value) ?? '').toLowerCase());
}

export function selectionInput(query: Record<string, QueryValue>): SelectionInput {
  const choice = Array.from({ length: MAX_VARIATION_POSITIONS }, (_, index) =>
    optionalId(query[`VariantValueId${index + 1}`], `VariantValueId${index + 1}`),
  );
  const variantId = optionalId(query.productVariantId ?? query.ProductVariantId, 'productVariantId');
  const step = first(query.QuantityStep);
  const quantityStep = step === '1' ? 1 : step === '-1' ? -1 : 0;
  return { choice, variantId, quantity: first(query.Quantity ?? query.quantity) ?? '', quantityStep };
}
