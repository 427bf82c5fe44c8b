// What the prepaid calls accept: PrepaidAccountId (an id), Quantity (required: Sales.QuantityIsMandatory,
// then a whole number from 1 to 50), IsActivated (a boolean, as JSON or as a form's text).
import { BadInput, NotFound } from '../http/errors';
import { firstText, idOf } from '../shared/ids';

export const MAX_PREPAID_QUANTITY = 50;

/** The account id of a body: a missing or malformed one names no account of the customer (404, as for someone else's). */
export function accountIdOf(value: unknown): number {
  const id = idOf(firstText(value)?.trim() ?? '');
  if (id === null) throw new NotFound();
  return id;
}

/** The quantity of prepaid cards: required (the specification's message), a whole number, 1 to 50. */
export function quantityOf(value: unknown): number {
  const text = firstText(value)?.trim() ?? '';
  if (text === '') throw new BadInput({ Quantity: 'Sales.QuantityIsMandatory' }, 'Core.ErrorTitle', { resourceKey: 'Sales.QuantityIsMandatory' });
  const quantity = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(quantity >= 1 && quantity <= MAX_PREPAID_QUANTITY)) throw new BadInput({ Quantity: 'Sales.Prepaid.InvalidQuantity' });
  return quantity;
}

/** IsActivated: true or false (JSON booleans, or the texts 'true', 'false', 'on' of a form); anything else is a 400. */
export function activatedOf(value: unknown): boolean {
  const single = Array.isArray(value) ? value[value.length - 1] : value;
  if (single === true || single === 'true' || single === 'on') return true;
  if (single === false || single === 'false' || single === undefined) return false;
  throw new BadInput({ IsActivated: 'Sales.Prepaid.InvalidActivated' });
}
