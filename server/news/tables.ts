import type { Generated } from 'kysely';

/**
 * News (migration 012_news). Categories form a tree (parent_id); posts belong to one category and carry
 * the publishing columns of server/content/publishing.ts. Times are epoch ms; posted_at is the date a
 * post bears (lists, calendar, feeds), publish_at / unpublish_at its visibility window.
 */
export interface NewsTables {
  news_categories: {
    id: Generated<number>;
    parent_id: number | null;
    position: number;
    /** Optimistic concurrency (migration 019, server/backoffice/revisions.ts). */
    version: Generated<number>;
  };
  news_category_translations: {
    category_id: number;
    culture: string;
    name: string;
    slug: string;
  };
  news_posts: {
    id: Generated<number>;
    category_id: number;
    status: string;
    publish_at: number | string | null;
    unpublish_at: number | string | null;
    posted_at: number | string;
    position: number;
    /** The post's main picture (assets table). */
    asset_id: number | null;
    created_at: number | string;
    /** Optimistic concurrency (migration 019). */
    version: Generated<number>;
  };
  news_post_translations: {
    post_id: number;
    culture: string;
    slug: string;
    title: string;
    summary: string;
    /** Sanitised on the way in (server/content/rich-text.ts). */
    body_html: string;
    /** The main picture's text alternative in this culture. */
    image_alt: string;
  };
  news_post_images: {
    id: Generated<number>;
    post_id: number;
    asset_id: number;
    position: number;
  };
  news_post_image_translations: {
    image_id: number;
    culture: string;
    alt: string;
  };
}
