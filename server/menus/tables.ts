import type { Generated } from 'kysely';

/** What a menu item points at (migration 021_menus). */
export const menuItemKinds = ['category', 'page', 'news', 'faq', 'projects', 'url', 'account', 'cart'] as const;
export type MenuItemKind = (typeof menuItemKinds)[number];

/** Menus as data: menus by code, their items as a tree, a label per culture (server/menus/data.ts). */
export interface MenuTables {
  menus: { id: Generated<number>; code: string; version: Generated<number> };
  menu_items: {
    id: Generated<number>;
    menu_id: number;
    parent_id: number | null;
    position: number;
    kind: string;
    target_id: number | null;
    url: string | null;
    /** Epoch milliseconds; null: no limit. */
    starts_at: number | string | null;
    ends_at: number | string | null;
  };
  menu_item_translations: { item_id: number; culture: string; label: string };
}
