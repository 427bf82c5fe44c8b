import type { Culture } from '../config';
import type { Db } from '../db';
import { toBoolean } from '../db/normalise';
import { isVisible } from './publishing';

export interface Page {
  id: number;
  key: string;
  isHome: boolean;
  slug: string;
  title: string;
  summary: string;
  bodyHtml: string;
}

/** A visitor's page: published and inside its window (server/content/publishing.ts), else null. */
export async function findPage(db: Db, { culture, slug, now = Date.now() }: { culture: Culture; slug: string; now?: number }): Promise<Page | null> {
  const row = await db
    .selectFrom('pages')
    .innerJoin('page_translations', 'page_translations.page_id', 'pages.id')
    .select(['pages.id', 'pages.page_key', 'pages.is_home', 'page_translations.slug', 'title', 'summary', 'body_html'])
    .where('page_translations.culture', '=', culture)
    .where('page_translations.slug', '=', slug)
    .where((eb) => isVisible(eb, 'pages', now))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    key: row.page_key,
    isHome: toBoolean(row.is_home),
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    bodyHtml: row.body_html,
  };
}

/** The visible page of that key, in the culture (a block's fragment address names its page by key). */
export async function findPageByKey(db: Db, { culture, pageKey, now = Date.now() }: { culture: Culture; pageKey: string; now?: number }): Promise<{ id: number; slug: string } | null> {
  const row = await db
    .selectFrom('pages')
    .innerJoin('page_translations', 'page_translations.page_id', 'pages.id')
    .select(['pages.id', 'page_translations.slug'])
    .where('pages.page_key', '=', pageKey)
    .where('page_translations.culture', '=', culture)
    .where((eb) => isVisible(eb, 'pages', now))
    .executeTakeFirst();
  return row ?? null;
}

export interface NavigationItem {
  id: number;
  label: string;
  /** Path below {app}/{culture}: '' for the home page. */
  slug: string | null;
  url: string | null;
  children: NavigationItem[];
}

/** The navigation in the culture; an item of a page visitors cannot see (a draft, out of its window) is left out, with its children. */
export async function listNavigation(db: Db, { culture, now = Date.now() }: { culture: Culture; now?: number }): Promise<NavigationItem[]> {
  const rows = await db
    .selectFrom('navigation_items')
    .innerJoin('navigation_item_translations as label', 'label.item_id', 'navigation_items.id')
    .leftJoin('page_translations as page', (join) =>
      join.onRef('page.page_id', '=', 'navigation_items.page_id').on('page.culture', '=', culture),
    )
    .leftJoin('pages', 'pages.id', 'navigation_items.page_id')
    .select(['navigation_items.id', 'navigation_items.parent_id', 'label.label', 'label.url', 'page.slug'])
    .where('label.culture', '=', culture)
    .where((eb) => eb.or([eb('navigation_items.page_id', 'is', null), isVisible(eb, 'pages', now)]))
    .orderBy('navigation_items.parent_id')
    .orderBy('navigation_items.position')
    .execute();
  const items = new Map<number, NavigationItem>(
    rows.map((row) => [row.id, { id: row.id, label: row.label, slug: row.slug, url: row.url, children: [] }]),
  );
  const roots: NavigationItem[] = [];
  for (const row of rows) {
    const parent = row.parent_id === null ? null : items.get(row.parent_id);
    if (row.parent_id !== null && !parent) continue;
    (parent ? parent.children : roots).push(items.get(row.id)!);
  }
  return roots;
}

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}
