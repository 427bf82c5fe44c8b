// A menu as the layout shows it, kept in process: the layout asks for it on every whole page, and a
// menu changes rarely. A kept menu is dropped with the catalog's caches (clearCatalogCaches: a menu,
// page or category saved by the back office), after MENU_CACHE_TTL_MS, and at the next moment an
// item's window or a page's publishing changes what it shows, so a change shows at once.
import { whenCatalogCachesClear } from '../catalog/lists-cache';
import type { Culture } from '../config';
import type { Db } from '../db';
import { readMenuRows } from './data';
import { type MenuEntry, menuTree, nextChange } from './rules';

export type { MenuEntry } from './rules';

/** As long as the catalog's own caches keep a list (server/catalog/lists-cache.ts). */
export const MENU_CACHE_TTL_MS = 30_000;

interface Kept {
  entries: Promise<MenuEntry[]>;
  expires: number;
}

const kept = new WeakMap<Db, Map<string, Kept>>();

function keptOf(db: Db): Map<string, Kept> {
  let byKey = kept.get(db);
  if (!byKey) {
    const created = new Map<string, Kept>();
    kept.set(db, (byKey = created));
    whenCatalogCachesClear(db, () => created.clear());
  }
  return byKey;
}

/** The visible items of the menu of that code in the culture (labels resolved with `t`, the culture's). */
export function menuFor(db: Db, { code, culture, t, now = Date.now() }: { code: string; culture: Culture; t: (key: string) => string; now?: number }): Promise<MenuEntry[]> {
  const byKey = keptOf(db);
  const key = `${code}:${culture}`;
  const found = byKey.get(key);
  if (found && found.expires > now) return found.entries;
  const holder: Kept = { entries: Promise.resolve([]), expires: now + MENU_CACHE_TTL_MS };
  holder.entries = readMenuRows(db, { code, culture }).then((rows) => {
    holder.expires = Math.min(holder.expires, nextChange(rows, now) ?? Infinity);
    return menuTree(rows, now, t);
  });
  holder.entries.catch(() => byKey.get(key) === holder && byKey.delete(key));
  byKey.set(key, holder);
  return holder.entries;
}
