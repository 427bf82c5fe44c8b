// Refund amounts as the refund request form shows them (specification: unit price including tax times
// quantity, rounded to 2 decimals, comma separator; the totals sum the quantities and the amounts).
// The server renders them and the refund behaviour recomputes them when a quantity changes.

/** Integer cents as the form writes them: 2 decimals, a comma, no currency sign (12,50). */
export function refundAmountText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export interface RefundLineChoice {
  unitInclCents: number;
  quantity: number;
}

export function refundTotals(lines: readonly RefundLineChoice[]): { quantity: number; cents: number } {
  return lines.reduce((total, line) => ({ quantity: total.quantity + line.quantity, cents: total.cents + line.unitInclCents * line.quantity }), { quantity: 0, cents: 0 });
}
