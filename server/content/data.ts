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

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}
