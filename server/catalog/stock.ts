import type { StockMode, StockState } from './tables';

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
