import type { Generated } from 'kysely';

/** The asset library's folders (migration 020); the assets' own columns are in server/catalog/tables.ts. */
export interface AssetLibraryTables {
  asset_folders: {
    id: Generated<number>;
    /** null at the top level. */
    parent_id: number | null;
    name: string;
    position: Generated<number>;
    created_at: number | string;
  };
}
