import { BadInput, NotFound } from '../http/errors';

// Ids in catalog addresses, queries and bodies: one spelling (no sign, no leading zero) that fits the
// 32-bit integer columns of both databases. In a query or a body a bad id is a 400 naming the field;
// in the path it is no such page (404).

export const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The first of repeated values; a JSON number reads as its text. */
export function firstText(value: unknown): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  if (typeof single === 'number') return String(single);
  return typeof single === 'string' ? single : undefined;
}

/** The id the text spells, or null. */
export function idOf(text: string): number | null {
  return ID_PATTERN.test(text) ? Number(text) : null;
}

/** A positive whole number, or null when absent or empty; anything else is a 400 naming the field. */
export function optionalId(value: unknown, field: string): number | null {
  const text = firstText(value)?.trim();
  if (text === undefined || text === '') return null;
  const id = idOf(text);
  if (id === null) throw new BadInput({ [field]: 'Catalog.InvalidId' });
  return id;
}

export function requiredId(value: unknown, field: string): number {
  const id = optionalId(value, field);
  if (id === null) throw new BadInput({ [field]: 'Catalog.InvalidId' });
  return id;
}

/** An id from a path segment; anything else is no such page (404). */
export function pathId(value: unknown): number {
  const id = typeof value === 'string' ? idOf(value) : null;
  if (id === null) throw new NotFound();
  return id;
}
