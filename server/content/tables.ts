import type { Generated } from 'kysely';

/**
 * Page blocks (migration 015_content_pages): a page is an ordered list of blocks. A block's structure
 * (its type and settings, JSON checked by the type's zod schema in server/content/blocks) is shared by
 * every culture; its texts (JSON, checked the same way) are per culture.
 */
export interface ContentTables {
  page_blocks: { id: Generated<number>; page_id: number; position: number; type: string; settings: string };
  page_block_translations: { block_id: number; culture: string; texts: string };
}
