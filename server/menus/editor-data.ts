// The menus editor's queries (server/menus/admin-routes.ts): every item of a menu with its labels in all
// cultures, whatever its target's state, and the writes, each inside the version-checked transaction of
// server/backoffice/revisions.ts (which also drops the kept menus and pages).
import type { Culture } from '../config';
import type { Db } from '../db';
import type { Tx } from '../backoffice/revisions';
import { toNumber } from '../db/normalise';
import type { MenuItemKind } from './tables';

export interface EditorMenu {
  id: number;
  code: string;
  version: number;
}

export interface EditorMenuItem {
  id: number;
  parentId: number | null;
  position: number;
  kind: MenuItemKind;
  targetId: number | null;
  url: string | null;
  labels: Partial<Record<Culture, string>>;
}

export interface ItemFields {
  kind: MenuItemKind;
  targetId: number | null;
  url: string | null;
  labels: Partial<Record<Culture, string>>;
}

export async function listEditorMenus(db: Db): Promise<(EditorMenu & { items: number })[]> {
  const rows = await db
    .selectFrom('menus')
    .leftJoin('menu_items', 'menu_items.menu_id', 'menus.id')
    .select(['menus.id', 'menus.code', 'menus.version'])
    .select((eb) => eb.fn.count<number>('menu_items.id').as('items'))
    .groupBy(['menus.id', 'menus.code', 'menus.version'])
    .orderBy('menus.id')
    .execute();
  return rows.map((row) => ({ id: row.id, code: row.code, version: toNumber(row.version), items: toNumber(row.items) }));
}

export async function findEditorMenu(db: Db | Tx, menuId: number): Promise<EditorMenu | null> {
  const row = await (db as Db).selectFrom('menus').select(['id', 'code', 'version']).where('id', '=', menuId).executeTakeFirst();
  return row ? { id: row.id, code: row.code, version: toNumber(row.version) } : null;
}

/** Every item of the menu, siblings in position order, with its labels in every culture. */
export async function listEditorItems(db: Db | Tx, menuId: number): Promise<EditorMenuItem[]> {
  const rows = await (db as Db)
    .selectFrom('menu_items')
    .leftJoin('menu_item_translations as text', 'text.item_id', 'menu_items.id')
    .select(['menu_items.id', 'parent_id', 'position', 'kind', 'target_id', 'url', 'text.culture', 'text.label'])
    .where('menu_id', '=', menuId)
    .orderBy('position')
    .orderBy('menu_items.id')
    .execute();
  const items = new Map<number, EditorMenuItem>();
  for (const row of rows) {
    const item = items.get(row.id) ?? { id: row.id, parentId: row.parent_id, position: row.position, kind: row.kind as MenuItemKind, targetId: row.target_id, url: row.url, labels: {} };
    if (row.culture) item.labels[row.culture as Culture] = row.label ?? '';
    items.set(row.id, item);
  }
  return [...items.values()];
}

/** Whether a category or page of that id exists (the editor refuses an item pointing at nothing). */
export async function targetExists(db: Db, { kind, targetId }: { kind: 'category' | 'page'; targetId: number }): Promise<boolean> {
  const table = kind === 'category' ? 'categories' : 'pages';
  return (await db.selectFrom(table).select('id').where('id', '=', targetId).executeTakeFirst()) !== undefined;
}

async function writeLabels(tx: Tx, itemId: number, labels: ItemFields['labels']): Promise<void> {
  await tx.deleteFrom('menu_item_translations').where('item_id', '=', itemId).execute();
  const rows = Object.entries(labels).map(([culture, label]) => ({ item_id: itemId, culture, label: label ?? '' }));
  if (rows.length) await tx.insertInto('menu_item_translations').values(rows).execute();
}

export async function updateItem(tx: Tx, { menuId, itemId, fields }: { menuId: number; itemId: number; fields: ItemFields }): Promise<boolean> {
  const result = await tx
    .updateTable('menu_items')
    .set({ kind: fields.kind, target_id: fields.targetId, url: fields.url })
    .where('id', '=', itemId)
    .where('menu_id', '=', menuId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await writeLabels(tx, itemId, fields.labels);
  return true;
}

/** A new item, last among its siblings; false when the parent is not an item of this menu. */
export async function insertItem(tx: Tx, { menuId, parentId, fields }: { menuId: number; parentId: number | null; fields: ItemFields }): Promise<number | null> {
  if (parentId !== null) {
    const parent = await tx.selectFrom('menu_items').select('id').where('id', '=', parentId).where('menu_id', '=', menuId).executeTakeFirst();
    if (!parent) return null;
  }
  const last = await tx
    .selectFrom('menu_items')
    .select((eb) => eb.fn.max<number>('position').as('position'))
    .where('menu_id', '=', menuId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .executeTakeFirst();
  const { id } = await tx
    .insertInto('menu_items')
    .values({ menu_id: menuId, parent_id: parentId, position: toNumber(last?.position ?? -1) + 1, kind: fields.kind, target_id: fields.targetId, url: fields.url })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLabels(tx, id, fields.labels);
  return id;
}

export async function deleteItem(tx: Tx, { menuId, itemId }: { menuId: number; itemId: number }): Promise<boolean> {
  const result = await tx.deleteFrom('menu_items').where('id', '=', itemId).where('menu_id', '=', menuId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Swaps the item with its previous or next sibling; false when there is none (or no such item). */
export async function moveItem(tx: Tx, { menuId, itemId, direction }: { menuId: number; itemId: number; direction: 'up' | 'down' }): Promise<boolean> {
  const items = await listEditorItems(tx, menuId);
  const item = items.find((candidate) => candidate.id === itemId);
  if (!item) return false;
  const siblings = items.filter((candidate) => candidate.parentId === item.parentId);
  const index = siblings.indexOf(item);
  const other = siblings[direction === 'up' ? index - 1 : index + 1];
  if (!other) return false;
  // Positions renumbered in the new order, so equal positions (a hand-made menu) move too.
  [siblings[index], siblings[siblings.indexOf(other)]] = [other, item];
  for (const [position, sibling] of siblings.entries()) {
    await tx.updateTable('menu_items').set({ position }).where('id', '=', sibling.id).execute();
  }
  return true;
}
