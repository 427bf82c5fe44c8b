import { BadInput } from '../http/errors';
import { firstText, idOf } from '../shared/ids';

const invalid = (field: string) => new BadInput({ [field]: 'AssetsLibrary.InvalidId' }, 'Core.ErrorTitle', { resourceKey: 'AssetsLibrary.InvalidId' });

/** An id in the library's paths: a malformed one is a 400 with a clear message (not a 404). */
export function pathIdOf(value: unknown, field = 'id'): number {
  const id = typeof value === 'string' ? idOf(value) : null;
  if (id === null) throw invalid(field);
  return id;
}

/** A folder id in a body: absent, empty or null is the root; anything else must be an id. */
export function bodyId(value: unknown, field: string): number | null {
  if (value === null || value === undefined) return null;
  const text = firstText(value)?.trim();
  if (text === '' || text === 'null') return null;
  const id = text === undefined ? null : idOf(text);
  if (id === null) throw invalid(field);
  return id;
}
