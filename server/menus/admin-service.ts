// The menus editor's domain functions: each change is version-checked on the menu (menus.version) through
// server/backoffice/revisions.ts: a revision of the whole menu, an audit row, the kept menus and pages
// dropped (the change shows on the next page). A target that does not exist is refused (400).
import { isSafeLink } from '../../common/links';
import { cultures, type Culture } from '../config';
import type { Db } from '../db';
import { BadInput, NotFound } from '../http/errors';
import { saveWithVersion, type Tx } from '../backoffice/revisions';
import { deleteItem, type ItemFields, insertItem, listEditorItems, moveItem, targetExists, updateItem } from './editor-data';
import type { MenuItemKind } from './tables';

export interface MenuChange {
  db: Db;
  actorId: number;
  menuId: number;
  version: number;
}

/** The posted fields of an item (menuItemForm's data), before their targets are checked. */
export type PostedItem = { Kind: string; TargetId: string; Url: string } & Record<`Label_${Culture}`, string>;

function change(at: MenuChange, action: string, write: (tx: Tx) => Promise<void>) {
  return saveWithVersion(at.db, { entity: 'menu', table: 'menus', id: at.menuId, expectedVersion: at.version, actorId: at.actorId, action, snapshot: (tx) => listEditorItems(tx, at.menuId), write });
}

/** The item's columns from the post: a category or page that exists, an address for a URL (with a label somewhere). */
export async function itemFieldsOf(db: Db, posted: PostedItem): Promise<ItemFields> {
  const kind = posted.Kind as MenuItemKind;
  const labels = Object.fromEntries(cultures.map((culture) => [culture, posted[`Label_${culture}`].trim()]));
  if (kind === 'category' || kind === 'page') {
    const targetId = Number(posted.TargetId);
    if (!posted.TargetId || !(await targetExists(db, { kind, targetId }))) throw new BadInput({ TargetId: 'Menus.Admin.InvalidTarget' });
    return { kind, targetId, url: null, labels };
  }
  if (kind === 'url') {
    // The one link rule (an allow-list): the address as typed, leading spaces or control characters refused.
    const url = posted.Url;
    if (!isSafeLink(url)) throw new BadInput({ Url: 'Menus.Admin.InvalidUrl' });
    if (!Object.values(labels).some(Boolean)) throw new BadInput({ [`Label_${cultures[0]}`]: 'Menus.Admin.UrlNeedsLabel' });
    return { kind, targetId: null, url, labels };
  }
  return { kind, targetId: null, url: null, labels };
}

export function saveItem(at: MenuChange, itemId: number, fields: ItemFields) {
  return change(at, 'item.update', async (tx) => {
    if (!(await updateItem(tx, { menuId: at.menuId, itemId, fields }))) throw new NotFound();
  });
}

export function addItem(at: MenuChange, parentId: number | null, fields: ItemFields) {
  return change(at, 'item.add', async (tx) => {
    if ((await insertItem(tx, { menuId: at.menuId, parentId, fields })) === null) throw new BadInput({ ParentId: 'Menus.Admin.InvalidParent' });
  });
}

export function removeItem(at: MenuChange, itemId: number) {
  return change(at, 'item.remove', async (tx) => {
    if (!(await deleteItem(tx, { menuId: at.menuId, itemId }))) throw new NotFound();
  });
}

export function moveMenuItem(at: MenuChange, itemId: number, direction: 'up' | 'down') {
  return change(at, `item.move-${direction}`, async (tx) => {
    if (!(await moveItem(tx, { menuId: at.menuId, itemId, direction }))) throw new BadInput({ Direction: 'BackOffice.Items.InvalidDirection' });
  });
}
