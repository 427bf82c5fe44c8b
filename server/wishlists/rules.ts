import type { Db } from '../db';
import { exceedsStock } from '../../common/stock';
import { findActiveVariant, findVariant } from '../catalog/variants-data';
import { BadInput } from '../http/errors';
import { firstText } from '../shared/ids';

// What a wishlist or birth list line may hold: a whole quantity of at least 1, no more than the stock
// of a stock-managed variant, of a variant that is still sold. Shared by wishlists and birth lists.

export const MAX_LIST_QUANTITY = 9999;
export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 1000;

/** The spec's wishlist quantity: normalised (trimmed), then parsed; not a whole number from 1 up: a 400. */
export function parseListQuantity(value: unknown, { required = true }: { required?: boolean } = {}): number {
  const text = firstText(value)?.trim() ?? '';
  if (text === '' && !required) return 1;
  if (!/^\d{1,6}$/.test(text)) throw new BadInput({ Quantity: 'Wishlists.QuantityInvalid' });
  const quantity = Number(text);
  if (quantity < 1) throw new BadInput({ Quantity: 'Wishlists.QuantityInvalid' });
  if (quantity > MAX_LIST_QUANTITY) throw new BadInput({ Quantity: 'Wishlists.QuantityAboveStock' });
  return quantity;
}

/** A list's name: trimmed, 1 to 100 characters, else a 400 on Name. */
export function parseListName(value: unknown): string {
  const text = (firstText(value) ?? '').trim();
  if (text === '') throw new BadInput({ Name: 'Wishlists.NameRequired' });
  if (text.length > NAME_MAX_LENGTH) throw new BadInput({ Name: 'Wishlists.NameTooLong' });
  return text;
}

/** A list's description: trimmed, up to 1,000 characters (empty allowed), else a 400 on Description. */
export function parseListDescription(value: unknown): string {
  const text = (firstText(value) ?? '').trim();
  if (text.length > DESCRIPTION_MAX_LENGTH) throw new BadInput({ Description: 'Wishlists.DescriptionTooLong' });
  return text;
}

/** The variant exists and is sold, and `quantity` is within its stock; else a 400 naming the field. */
export async function checkListQuantity(db: Db, { variantId, quantity }: { variantId: number; quantity: number }): Promise<void> {
  const active = await findActiveVariant(db, { variantId });
  if (!active) throw new BadInput({ ProductVariantId: 'Wishlists.UnknownVariant' });
  const variant = await findVariant(db, { variantId });
  if (variant && exceedsStock(variant.stockState, variant.stockQuantity, quantity)) {
    throw new BadInput({ Quantity: 'Wishlists.QuantityAboveStock' });
  }
}
