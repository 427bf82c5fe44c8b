import { firstText, optionalId } from '../shared/ids';
import type { SelectionInput } from './product-selection';

// Reading the product page's and the productvariants API's query: ids must be whole numbers
// (a clear 400 otherwise), an empty value means "not chosen", the quantity is kept as typed.

export const MAX_VARIATION_POSITIONS = 3;

/** A yes/no query flag (true, 1, on), false when absent. */
export function flag(value: unknown): boolean {
  return ['true', '1', 'on'].includes((firstText(value) ?? '').toLowerCase());
}

export function selectionInput(query: Record<string, unknown>): SelectionInput {
  const choice = Array.from({ length: MAX_VARIATION_POSITIONS }, (_, index) =>
    optionalId(query[`VariantValueId${index + 1}`], `VariantValueId${index + 1}`),
  );
  const variantId = optionalId(query.productVariantId ?? query.ProductVariantId, 'productVariantId');
  const step = firstText(query.QuantityStep);
  const quantityStep = step === '1' ? 1 : step === '-1' ? -1 : 0;
  return { choice, variantId, quantity: firstText(query.Quantity ?? query.quantity) ?? '', quantityStep };
}
