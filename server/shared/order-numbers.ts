/** The human order number: the year it was placed (UTC) and the order id, e.g. 2026-000123. */
export function orderNumber(id: number, at: number): string {
  return `${new Date(at).getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

const ORDER_NUMBER = /^\d{4}-\d{6,}$/;

/** Whether a text (a path segment, a query value) spells an order number; anything else is no such order. */
export function isOrderNumber(value: unknown): value is string {
  return typeof value === 'string' && ORDER_NUMBER.test(value);
}
