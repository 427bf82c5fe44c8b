import type { Generated } from 'kysely';

/**
 * FAQ categories and entries (migration 013_faq). status / publish_at / unpublish_at follow
 * server/content/publishing.ts (epoch ms, null: no limit); answer_html is sanitised on the way in.
 */
export interface FaqTables {
  faq_categories: {
    id: Generated<number>;
    status: string;
    publish_at: number | string | null;
    unpublish_at: number | string | null;
    position: number;
    /** Optimistic concurrency (migration 019, server/backoffice/revisions.ts). */
    version: Generated<number>;
  };
  faq_category_translations: { category_id: number; culture: string; slug: string; title: string };
  faq_entries: {
    id: Generated<number>;
    category_id: number;
    status: string;
    publish_at: number | string | null;
    unpublish_at: number | string | null;
    position: number;
    /** Optimistic concurrency (migration 019). */
    version: Generated<number>;
  };
  faq_entry_translations: { entry_id: number; culture: string; anchor: string; question: string; answer_html: string };
}
