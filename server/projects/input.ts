import { BadInput } from '../http/errors';
import { ID_PATTERN } from '../shared/ids';

/** At most this many categories in one widget address. */
export const MAX_CATEGORY_IDS = 20;

/** "1,2,3" (a widget's {categoryIds}) -> [1, 2, 3]; anything else is a 400 naming categoryIds. */
export function categoryIdsOf(text: unknown): number[] {
  const parts = typeof text === 'string' ? text.split(',') : [];
  if (parts.length === 0 || parts.length > MAX_CATEGORY_IDS || !parts.every((part) => ID_PATTERN.test(part))) {
    throw new BadInput({ categoryIds: 'Projects.InvalidCategoryIds' });
  }
  return [...new Set(parts.map(Number))];
}
