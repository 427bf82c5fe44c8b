import type { ExpressionBuilder } from 'kysely';

/** The two states of every content item (pages, news posts, FAQ entries, projects). */
export const contentStatuses = ['draft', 'published'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/**
 * Columns every publishable content table carries: a status, and an optional window in epoch
 * milliseconds (publish_at: shown from, unpublish_at: hidden from). Null means "no limit".
 */
export interface PublishingColumns {
  status: string;
  publish_at: number | string | null;
  unpublish_at: number | string | null;
}

/**
 * The one visibility rule for visitors: published, and now inside its window. Use it in every query
 * that answers a visitor, so a draft or a future item is a 404, never merely unlinked:
 *
 *     db.selectFrom('news_posts').where((eb) => isVisible(eb, 'news_posts', now))
 */
export function isVisible<DB, TB extends keyof DB & string>(eb: ExpressionBuilder<DB, TB>, table: TB, now: number) {
  const column = (name: keyof PublishingColumns) => eb.ref(`${table}.${name}` as never);
  return eb.and([
    eb(column('status'), '=', 'published' as never),
    eb.or([eb(column('publish_at'), 'is', null), eb(column('publish_at'), '<=', now as never)]),
    eb.or([eb(column('unpublish_at'), 'is', null), eb(column('unpublish_at'), '>', now as never)]),
  ]);
}

/** The same rule for a row already read (tests, previews, feeds built from rows). */
export function isVisibleRow(row: { status: string; publish_at: number | string | null; unpublish_at: number | string | null }, now: number): boolean {
  const from = row.publish_at === null ? null : Number(row.publish_at);
  const until = row.unpublish_at === null ? null : Number(row.unpublish_at);
  return row.status === 'published' && (from === null || from <= now) && (until === null || until > now);
}
