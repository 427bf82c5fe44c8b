import type { Generated } from 'kysely';

/** The back office's revisions (migration 019): one row per saved version of a content item. */
export interface BackOfficeTables {
  revisions: {
    id: Generated<number>;
    /** The content kind: 'page', 'news-post', 'faq-entry', ... (server/backoffice/revisions.ts). */
    entity: string;
    entity_id: number;
    /** The item's version this snapshot is. */
    version: number;
    /** JSON: the item with all its translations (and blocks, for a page) as saved. */
    snapshot: string;
    /** Who saved it (null once the account is gone). */
    user_id: number | null;
    created_at: number | string;
  };
  /**
   * Preview links (migration 028): an item's generation, raised when an editor revokes its links; the
   * token carries the generation it was made at (server/backoffice/preview.ts). No row: generation 0.
   */
  preview_generations: { entity: string; entity_id: number; generation: number };
}
