export const stockStates = ['NoManagement', 'InStock', 'LowStock', 'OutOfStock', 'OnOrder'] as const;
export type StockState = (typeof stockStates)[number];
/** How a variant's stock is kept: counted, not counted at all, or counted but orderable beyond it. */
export type StockMode = 'Managed' | 'NoManagement' | 'OnOrder';

/**
 * The one rule from stored stock to the spec's state (StockStatut): not counted -> NoManagement;
 * counted and orderable beyond it -> OnOrder when none is left; otherwise by quantity and threshold.
 */
export function stockState(mode: StockMode, quantity: number, lowStockThreshold: number): StockState {
  if (mode === 'NoManagement') return 'NoManagement';
  if (quantity <= 0) return mode === 'OnOrder' ? 'OnOrder' : 'OutOfStock';
  return quantity <= lowStockThreshold ? 'LowStock' : 'InStock';
}

/** Whether a quantity can be sold from this stock: the stock message shows when it cannot (never for OnOrder). */
export function exceedsStock(state: StockState, stockQuantity: number, requested: number): boolean {
  if (state === 'NoManagement' || state === 'OnOrder') return false;
  return requested > stockQuantity;
}

/** Whether a product's sale has ended: its end date (available_until, epoch ms) has passed. */
export function saleEnded(availableUntil: number | null, now: number): boolean {
  return availableUntil !== null && availableUntil <= now;
}

/**
 * The one selling rule: a variant can be put in the cart (and its back-in-stock subscribers told)
 * when it is active, not out of stock, and its product's sale has not ended.
 */
export function isSellable(
  variant: { isActive: boolean; stockState: StockState },
  { availableUntil = null, now = Date.now() }: { availableUntil?: number | null; now?: number } = {},
): boolean {
  return variant.isActive && variant.stockState !== 'OutOfStock' && !saleEnded(availableUntil, now);
}
