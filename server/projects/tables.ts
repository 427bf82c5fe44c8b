import type { Generated } from 'kysely';

/** Publishable columns (server/content/publishing.ts): status 'draft' | 'published', window in epoch ms. */
interface Publishable {
  status: string;
  publish_at: number | string | null;
  unpublish_at: number | string | null;
  position: number;
  created_at: number | string;
  /** Optimistic concurrency (migration 019, server/backoffice/revisions.ts). */
  version: Generated<number>;
}

/** Projects and their categories (migration 014_projects). */
export interface ProjectTables {
  project_categories: Publishable & { id: Generated<number>; asset_id: number | null };
  project_category_translations: { category_id: number; culture: string; slug: string; name: string; summary: string };
  projects: Publishable & { id: Generated<number>; category_id: number; latitude: number; longitude: number; asset_id: number | null };
  project_translations: {
    project_id: number;
    culture: string;
    slug: string;
    title: string;
    summary: string;
    /** Sanitised on the way in (server/content/rich-text.ts sanitizeRichText). */
    description_html: string;
    address: string;
    /** The main image's alternative text. */
    image_alt: string;
  };
  project_images: { id: Generated<number>; project_id: number; asset_id: number; position: number };
  project_image_translations: { image_id: number; culture: string; alt: string };
}
