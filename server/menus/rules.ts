// Pure rules of menus: which rows a visitor sees, where each leads in a culture, and the tree they form.
import { isVisibleRow } from '../content/publishing';
import type { MenuItemKind } from './tables';

/** A menu item as read with its targets in one culture (server/menus/data.ts). */
export interface MenuRow {
  id: number;
  parentId: number | null;
  kind: MenuItemKind;
  url: string | null;
  startsAt: number | null;
  endsAt: number | null;
  label: string;
  /** The category's id, name and slug in the culture; null when the category is gone or inactive. */
  category: { id: number; name: string; slug: string } | null;
  /** The page's slug and title in the culture with its publishing columns; null when the page is gone. */
  page: { slug: string; title: string; status: string; publishAt: number | null; unpublishAt: number | null } | null;
}

/** An item as the views show it: its label, its address below {app}/{culture} or an external URL, its children. */
export interface MenuEntry {
  id: number;
  kind: MenuItemKind;
  label: string;
  /** Path below {app}/{culture} (no leading slash), or null for an external URL. */
  path: string | null;
  url: string | null;
  children: MenuEntry[];
}

/** Section kinds: a fixed path below {app}/{culture} and the resource key of their default label. */
export const sectionTargets: Record<'news' | 'faq' | 'projects' | 'account' | 'cart', { path: string; labelKey: string }> = {
  news: { path: 'news', labelKey: 'Menus.News' },
  faq: { path: 'faq', labelKey: 'Menus.Faq' },
  projects: { path: 'projects', labelKey: 'Menus.Projects' },
  account: { path: 'account', labelKey: 'Menus.Account' },
  cart: { path: 'shoppingcarts', labelKey: 'Menus.Cart' },
};

const external = /^https?:\/\//i;

/** The address of a URL item: an absolute http(s) URL as is, anything else a path below {app}/{culture}. */
export function urlTarget(url: string): { path: string | null; url: string | null } {
  const trimmed = url.trim();
  return external.test(trimmed) ? { path: null, url: trimmed } : { path: trimmed.replace(/^\/+/, ''), url: null };
}

const inWindow = (from: number | null, until: number | null, now: number) => (from === null || from <= now) && (until === null || until > now);

/** Where a row leads and its label, or null when a visitor must not see it (target gone, unpublished, out of its window). */
export function entryOf(row: MenuRow, now: number, t: (key: string) => string): MenuEntry | null {
  if (!inWindow(row.startsAt, row.endsAt, now)) return null;
  const entry = (label: string, path: string | null, url: string | null = null): MenuEntry => ({
    id: row.id, kind: row.kind, label: row.label.trim() || label, path, url, children: [],
  });
  switch (row.kind) {
    case 'category':
      return row.category ? entry(row.category.name, `catalog/category/${row.category.id}/${encodeURIComponent(row.category.slug)}`) : null;
    case 'page': {
      const page = row.page;
      if (!page || !isVisibleRow({ status: page.status, publish_at: page.publishAt, unpublish_at: page.unpublishAt }, now)) return null;
      return entry(page.title, page.slug.split('/').map(encodeURIComponent).join('/'));
    }
    case 'url': {
      if (!row.url || !row.label.trim()) return null;
      const target = urlTarget(row.url);
      return entry('', target.path, target.url);
    }
    default: {
      const section = sectionTargets[row.kind];
      return entry(t(section.labelKey), section.path);
    }
  }
}

/** The deepest level shown (department, family): deeper rows, or a cycle made by a bad edit, are left out. */
export const MENU_MAX_DEPTH = 3;

/** The visible tree, each level in the rows' (position) order; a hidden item hides its children. */
export function menuTree(rows: MenuRow[], now: number, t: (key: string) => string): MenuEntry[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null, depth: number): MenuEntry[] =>
    depth > MENU_MAX_DEPTH
      ? []
      : (byParent.get(parentId) ?? []).flatMap((row) => {
          const entry = entryOf(row, now, t);
          return entry ? [{ ...entry, children: build(row.id, depth + 1) }] : [];
        });
  return build(null, 1);
}

/** The next moment a window or a page's publishing changes what the menu shows (the cache's end), or null. */
export function nextChange(rows: MenuRow[], now: number): number | null {
  const moments = rows.flatMap((row) => [row.startsAt, row.endsAt, row.page?.publishAt ?? null, row.page?.unpublishAt ?? null]);
  const future = moments.filter((moment): moment is number => moment !== null && moment > now);
  return future.length ? Math.min(...future) : null;
}

/** The networks the follow-us block knows, in its order: the setting social.{network} holds the page's URL. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'pinterest', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

/** The follow-us links from the settings: known networks with an https URL only, in SOCIAL_NETWORKS' order. */
export function socialLinksOf(settings: Map<string, string>): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = settings.get(`social.${network}`)?.trim() ?? '';
    return /^https:\/\/[^\s"'<>]+$/i.test(url) ? [{ network, url }] : [];
  });
}
