// A menu as the layout shows it, kept in process: the layout asks for it on every whole page, and a
// menu changes rarely. A kept menu is dropped with the catalog's caches (clearCatalogCaches: a menu,
// page or category saved by the back office), after MENU_CACHE_TTL_MS, and at the next moment an
// item's window or a page's publishing changes what it shows, so a change shows at once.
import { whenCatalogCachesClear } from '../catalog/lists-cache';
import type { Culture } from '../config';
import type { Db } from '../db';
import { readMenuRows, readSocialSettings } from './data';
import { type MenuEntry, menuTree, nextChange, type SocialLink, socialLinksOf } from './rules';

export type { MenuEntry, SocialLink } from './rules';

/** As long as the catalog's own caches keep a list (server/catalog/lists-cache.ts). */
export const MENU_CACHE_TTL_MS = 30_000;

interface Kept {
  value: Promise<unknown>;
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

/** The kept value of that key, else built (its end: MENU_CACHE_TTL_MS, or sooner as `until` says). */
function keep<T>(db: Db, key: string, now: number, build: () => Promise<{ value: T; until?: number | null }>): Promise<T> {
  const byKey = keptOf(db);
  const found = byKey.get(key);
  if (found && found.expires > now) return found.value as Promise<T>;
  const holder: Kept = { value: Promise.resolve(), expires: now + MENU_CACHE_TTL_MS };
  const value = build().then((built) => {
    holder.expires = Math.min(holder.expires, built.until ?? Infinity);
    return built.value;
  });
  holder.value = value;
  value.catch(() => byKey.get(key) === holder && byKey.delete(key));
  byKey.set(key, holder);
  return value;
}

/** The visible items of the menu of that code in the culture (labels resolved with `t`, the culture's). */
export function menuFor(db: Db, { code, culture, t, now = Date.now() }: { code: string; culture: Culture; t: (key: string) => string; now?: number }): Promise<MenuEntry[]> {
  return keep(db, `menu:${code}:${culture}`, now, async () => {
    const rows = await readMenuRows(db, { code, culture });
    return { value: menuTree(rows, now, t), until: nextChange(rows, now) };
  });
}

/** The follow-us block's links (site settings social.*), in the order of SOCIAL_NETWORKS. */
export function followUsLinks(db: Db, now = Date.now()): Promise<SocialLink[]> {
  return keep(db, 'social', now, async () => ({ value: socialLinksOf(await readSocialSettings(db)) }));
}
