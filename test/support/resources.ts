import type { Culture } from '../../server/config';
import { readResources, type ResourceTree } from '../../server/localization/i18n';

/** The text a locale file holds for a dotted key, read straight from locales/{culture}.json. */
export function resource(culture: Culture, key: string): string {
  const value = key.split('.').reduce<string | ResourceTree | undefined>(
    (node, part) => (typeof node === 'object' ? node[part] : undefined),
    readResources(culture),
  );
  if (typeof value !== 'string') throw new Error(`No text for ${key} in ${culture}`);
  return value;
}
