// The order-quantity rules of the specification (section 5), shared by the browser's quantity input
// and the server, so both correct a quantity the same way. Pure: no DOM.

/** Quantity defaults (section 9): quantity 1, step 1, min 1; the correction waits 600 ms after typing. */
export const DEFAULT_QUANTITY = 1;
export const DEFAULT_STEP_QTY = 1;
export const DEFAULT_MIN_QTY = 1;
export const QUANTITY_CORRECTION_DELAY_MS = 600;

export interface QuantityRules {
  min: number;
  /** null: no maximum (max-qty 0 or missing). */
  max: number | null;
  step: number;
}

function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(number) && number > 0 ? Math.floor(number) : null;
}

/** Rules from the min-qty, max-qty and step-qty data (strings from attributes, numbers from the database). */
export function quantityRules(data: { minQty?: unknown; maxQty?: unknown; stepQty?: unknown }): QuantityRules {
  const min = positiveInteger(data.minQty) ?? DEFAULT_MIN_QTY;
  const step = positiveInteger(data.stepQty) ?? DEFAULT_STEP_QTY;
  const max = positiveInteger(data.maxQty);
  return { min, step, max: max !== null && max >= min ? max : null };
}

const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

function isNumber(value: unknown): boolean {
  return typeof value === 'number' ? Number.isFinite(value) : NUMBER.test(String(value ?? '').trim());
}

/** What was typed, as a number: anything that is not a number becomes 0. */
export function parseQuantity(value: unknown): number {
  if (!isNumber(value)) return 0;
  return typeof value === 'number' ? value : Number.parseFloat(String(value).trim().replace(',', '.'));
}

/** The smallest and largest quantities that are whole steps within the limits. */
export function quantityBounds(rules: QuantityRules): { floor: number; ceiling: number | null } {
  const floor = Math.ceil(rules.min / rules.step) * rules.step;
  const ceiling = rules.max === null ? null : Math.floor(rules.max / rules.step) * rules.step;
  // A maximum below the first whole step leaves only the minimum itself.
  return ceiling !== null && ceiling < floor ? { floor: rules.min, ceiling: rules.max } : { floor, ceiling };
}

/** Rounds to the nearest step multiple, then clamps into range: what the input corrects a value to. */
export function correctQuantity(value: unknown, rules: QuantityRules): number {
  const { floor, ceiling } = quantityBounds(rules);
  const rounded = Math.round(parseQuantity(value) / rules.step) * rules.step;
  if (rounded < floor) return floor;
  if (ceiling !== null && rounded > ceiling) return ceiling;
  return rounded;
}

/** A change is passed on only when the value is a number, at least the minimum and at most the maximum. */
export function isValidQuantity(value: unknown, rules: QuantityRules): boolean {
  if (!isNumber(value)) return false;
  const number = parseQuantity(value);
  return number >= rules.min && (rules.max === null || number <= rules.max);
}

/** The plus and minus buttons: one step up or down, kept within the limits. */
export function stepQuantity(value: unknown, rules: QuantityRules, direction: 1 | -1): number {
  return correctQuantity(correctQuantity(value, rules) + direction * rules.step, rules);
}

/** Minus is disabled at the floor, plus at the ceiling. */
export function atFloor(value: unknown, rules: QuantityRules): boolean {
  return parseQuantity(value) <= quantityBounds(rules).floor;
}

export function atCeiling(value: unknown, rules: QuantityRules): boolean {
  const { ceiling } = quantityBounds(rules);
  return ceiling !== null && parseQuantity(value) >= ceiling;
}
