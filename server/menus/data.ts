// The only module with queries on the menu tables (migration 021_menus). Visitors' reads join each
// item's target in the culture (a category, a page) so that the rules can leave out what is gone;
// every write drops the kept menus and pages (clearCatalogCaches, see ./view.ts), so it shows at once.
import { clearCatalogCaches } from '../catalog/lists-cache';
import type { Culture } from '../config';
import type { Db } from '../db';
import { toBoolean } from '../db/normalise';
import type { MenuRow } from './rules';
import type { MenuItemKind } from './tables';

const moment = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** Every item of the menu of that code with its label and targets in the culture, parents' order by position. */
export async function readMenuRows(db: Db, { code, culture }: { code: string; culture: Culture }): Promise<MenuRow[]> {
  const rows = await db
    .selectFrom('menu_items as item')
    .innerJoin('menus', 'menus.id', 'item.menu_id')
    .leftJoin('menu_item_translations as text', (join) => join.onRef('text.item_id', '=', 'item.id').on('text.culture', '=', culture))
    .leftJoin('categories', (join) => join.onRef('categories.id', '=', 'item.target_id').on('item.kind', '=', 'category'))
    .leftJoin('category_translations as category', (join) =>
      join.onRef('category.category_id', '=', 'categories.id').on('category.culture', '=', culture),
    )
    .leftJoin('pages', (join) => join.onRef('pages.id', '=', 'item.target_id').on('item.kind', '=', 'page'))
    .leftJoin('page_translations as page', (join) => join.onRef('page.page_id', '=', 'pages.id').on('page.culture', '=', culture))
    .select(['item.id', 'item.parent_id', 'item.kind', 'item.url', 'item.starts_at', 'item.ends_at', 'text.label'])
    .select(['categories.id as category_id', 'categories.is_active', 'category.name as category_name', 'category.slug as category_slug'])
    .select(['page.slug as page_slug', 'page.title as page_title', 'pages.status', 'pages.publish_at', 'pages.unpublish_at'])
    .where('menus.code', '=', code)
    .orderBy('item.position')
    .orderBy('item.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    kind: row.kind as MenuItemKind,
    url: row.url,
    startsAt: moment(row.starts_at),
    endsAt: moment(row.ends_at),
    label: row.label ?? '',
    category:
      row.category_id !== null && toBoolean(row.is_active) && row.category_slug !== null
        ? { id: row.category_id, name: row.category_name ?? '', slug: row.category_slug }
        : null,
    page:
      row.page_slug !== null && row.status !== null
        ? { slug: row.page_slug, title: row.page_title ?? '', status: row.status, publishAt: moment(row.publish_at), unpublishAt: moment(row.unpublish_at) }
        : null,
  }));
}

export interface NewMenuItem {
  code: string;
  parentId?: number | null;
  position?: number;
  kind: MenuItemKind;
  targetId?: number | null;
  url?: string | null;
  startsAt?: number | null;
  endsAt?: number | null;
  /** Per culture; a culture left out gets an empty label (the target's own name). */
  labels?: Partial<Record<Culture, string>>;
}

/** Adds an item to the menu of that code (and its labels) in one transaction; the menu's version goes up. */
export async function addMenuItem(db: Db, item: NewMenuItem): Promise<number> {
  const id = await db.transaction().execute(async (tx) => {
    const menu = await tx.selectFrom('menus').select('id').where('code', '=', item.code).executeTakeFirstOrThrow();
    const { id } = await tx
      .insertInto('menu_items')
      .values({
        menu_id: menu.id,
        parent_id: item.parentId ?? null,
        position: item.position ?? 0,
        kind: item.kind,
        target_id: item.targetId ?? null,
        url: item.url ?? null,
        starts_at: item.startsAt ?? null,
        ends_at: item.endsAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const labels = Object.entries(item.labels ?? {}).map(([culture, label]) => ({ item_id: id, culture, label: label ?? '' }));
    if (labels.length) await tx.insertInto('menu_item_translations').values(labels).execute();
    await tx.updateTable('menus').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', menu.id).execute();
    return id;
  });
  clearCatalogCaches(db);
  return id;
}

/** Removes an item of the menu of that code, with its children; false when it is not that menu's. */
export async function removeMenuItem(db: Db, { code, itemId }: { code: string; itemId: number }): Promise<boolean> {
  const removed = await db.transaction().execute(async (tx) => {
    const menu = await tx.selectFrom('menus').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const result = await tx.deleteFrom('menu_items').where('id', '=', itemId).where('menu_id', '=', menu.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await tx.updateTable('menus').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', menu.id).execute();
    return true;
  });
  if (removed) clearCatalogCaches(db);
  return removed;
}

/** The site settings of the follow-us block (keys social.{network}). */
export async function readSocialSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('key', 'like', 'social.%').execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}
