// The refund request form with JS: a quantity change recomputes the line's refunded amount (unit price
// including tax × quantity, 2 decimals, comma) and the totals of items and amounts, with the same rule
// the server renders them by (common/refund-amounts.ts). Without JS the form posts and the server shows them.
import { refundAmountText, refundTotals } from '../../common/refund-amounts';

function recompute(form: HTMLFormElement): void {
  const lines = [...form.querySelectorAll<HTMLTableRowElement>('[data-refund-line]')].map((row) => {
    const unitInclCents = Number(row.dataset.unitCents ?? 0);
    const quantity = Number(row.querySelector<HTMLSelectElement>('[data-refund-quantity]')?.value ?? 0) || 0;
    const amount = row.querySelector('[data-refund-amount]');
    if (amount) amount.textContent = refundAmountText(unitInclCents * quantity);
    return { unitInclCents, quantity };
  });
  const totals = refundTotals(lines);
  const quantity = form.querySelector('[data-refund-total-quantity]');
  const amount = form.querySelector('[data-refund-total-amount]');
  if (quantity) quantity.textContent = String(totals.quantity);
  if (amount) amount.textContent = refundAmountText(totals.cents);
}

export function start(): void {
  document.addEventListener('change', (event) => {
    const select = (event.target as Element).closest('[data-refund-quantity]');
    const form = select?.closest<HTMLFormElement>('form[data-refund-form]');
    if (form) recompute(form);
  });
}

export function bind(root: Element): void {
  const form = root.matches('form[data-refund-form]') ? (root as HTMLFormElement) : root.querySelector<HTMLFormElement>('form[data-refund-form]');
  if (form) recompute(form);
}
