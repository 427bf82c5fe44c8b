// What a refund request form may ask: for each order line a quantity (field Quantity_{orderLineId}),
// a whole number from 0 to what is still open on that line; at least one line above 0; and a reason of
// at most 1000 characters. Pure: the request is checked again inside its transaction (requests.ts).
import { firstText } from '../shared/ids';
import type { RefundableLine } from './data';

export const MAX_REASON_LENGTH = 1000;

export const quantityField = (lineId: number) => `Quantity_${lineId}`;

export type RefundChoice = { line: RefundableLine; quantity: number };

export function openQuantity(line: RefundableLine): number {
  return Math.max(0, line.quantity - line.requested);
}

/** The posted quantities checked against the lines: the choices above 0, or field errors (resource keys). */
export function checkRefundForm(body: Record<string, unknown>, lines: readonly RefundableLine[]): { choices: RefundChoice[]; reason: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const choices: RefundChoice[] = [];
  for (const line of lines) {
    const field = quantityField(line.id);
    const text = firstText(body[field])?.trim() ?? '0';
    const quantity = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(quantity)) errors[field] = 'Sales.Refunds.InvalidQuantity';
    else if (quantity > openQuantity(line)) errors[field] = 'Sales.Refunds.AboveRemaining';
    else if (quantity > 0) choices.push({ line, quantity });
  }
  const reason = (firstText(body.Reason) ?? '').trim();
  if (reason.length > MAX_REASON_LENGTH) errors.Reason = 'Sales.Refunds.ReasonTooLong';
  if (!Object.keys(errors).length && choices.length === 0) errors.Lines = 'Sales.Refunds.NothingChosen';
  return { choices, reason, errors };
}
