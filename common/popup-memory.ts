// The popup and banner memory (spec sections 3, 4, 9): a cookie of remembered entries, each an id and
// the item's end datetime ("5-1767225600000.7-1767312000000"), kept 9999 days. An entry is dropped
// once its item has ended, so the cookie never grows past the items on show. Read and written by the
// server (the no-JavaScript close form, the layout leaving remembered items out) and the browser alike.

export const POPUP_MEMORY_COOKIE = 'popup-memory';
/** The spec's 9999 (unit not shown): days, the lifetime of a "never show again". */
export const POPUP_MEMORY_DAYS = 9999;
export const POPUP_MEMORY_MAX_AGE_S = POPUP_MEMORY_DAYS * 86_400;

const ENTRY = /^(\d{1,9})-(\d{1,15})$/;

/** Remembered item id -> its end (epoch ms); anything malformed is ignored. */
export function parseMemory(value: string | undefined | null): Map<number, number> {
  const memory = new Map<number, number>();
  for (const entry of (value ?? '').split('.')) {
    const match = ENTRY.exec(entry);
    if (match) memory.set(Number(match[1]), Number(match[2]));
  }
  return memory;
}

/** The cookie's value with the item remembered and the ended ones dropped (ordered by id: one value per set). */
export function remember(value: string | undefined | null, item: { id: number; endsAt: number }, now: number): string {
  const memory = parseMemory(value);
  memory.set(item.id, item.endsAt);
  return [...memory]
    .filter(([, endsAt]) => endsAt > now)
    .sort(([a], [b]) => a - b)
    .map(([id, endsAt]) => `${id}-${endsAt}`)
    .join('.');
}

export function isRemembered(value: string | undefined | null, id: number): boolean {
  return parseMemory(value).has(id);
}
