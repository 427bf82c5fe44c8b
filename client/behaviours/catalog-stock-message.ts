// The stock message mirrors the server's rule (common/stock.ts exceedsStock): shown while the
// quantity asked exceeds the variant's stock, hidden otherwise, never in state OnOrder. The variants
// behaviour updates the stock data (data-stock-quantity, data-stock-status) when another variant is chosen.
import { parseQuantity } from '../../common/quantity';
import { exceedsStock } from '../../common/stock';
import type { StockState } from '../../server/catalog/tables';

const MESSAGE = '[data-stock-message]';

function quantityInput(message: HTMLElement): HTMLInputElement | null {
  const scope = message.closest('form') ?? message.closest('[data-product]') ?? document;
  return scope.querySelector<HTMLInputElement>('[data-quantity-value], input[name="Quantity"]');
}

export function update(message: HTMLElement): void {
  const input = quantityInput(message);
  if (!input) {
    console.warn('No quantity input');
    return;
  }
  const state = (message.dataset.stockStatus || 'NoManagement') as StockState;
  message.hidden = !exceedsStock(state, Number(message.dataset.stockQuantity ?? 0), parseQuantity(input.value));
}

function updateAround(target: EventTarget | null): void {
  if (!(target instanceof Element)) return;
  const scope = target.closest('form') ?? target.closest('[data-product]');
  scope?.querySelectorAll<HTMLElement>(MESSAGE).forEach(update);
}

export function start(): void {
  document.addEventListener('input', (event) => updateAround(event.target));
  document.addEventListener('quantity:change', (event) => updateAround(event.target));
  document.addEventListener('stock:change', (event) => {
    if (event.target instanceof HTMLElement && event.target.matches(MESSAGE)) update(event.target);
  });
}

export function bind(root: Element): void {
  (root.matches(MESSAGE) ? [root as HTMLElement] : Array.from(root.querySelectorAll<HTMLElement>(MESSAGE))).forEach(update);
}
