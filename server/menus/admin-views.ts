// What the menus editor's pages show (views/pages/backoffice/menus/): the menus, one menu's items as an
// indented tree with a form each, the form adding an item, the confirmation before removing one.
import type { Request, Response } from 'express';
import { cultures } from '../config';
import { NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { menuItemForm, newMenuItemForm } from './admin-forms';
import { type EditorMenu, type EditorMenuItem, findEditorMenu, listEditorItems, listEditorMenus } from './editor-data';
import { MENU_MAX_DEPTH } from './rules';
import { menuItemKinds } from './tables';

export interface FormState {
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

/** A posted form shown again: the item it was for (null: the add form), its values and translated errors. */
export interface Posted extends FormState {
  itemId: number | null;
}

export const menusHref = (res: Response, path = '') => res.locals.href(`backoffice/menus${path}`);
export const translated = (res: Response, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, res.locals.t(key)]));

const menuName = (res: Response, code: string) => {
  const key = `Menus.Admin.Codes.${code}`;
  const name = res.locals.t(key);
  return name === key ? code : name;
};

export async function loadMenu(req: Request, menuId: number): Promise<EditorMenu> {
  const menu = await findEditorMenu(appLocals(req).db, menuId);
  if (!menu) throw new NotFound();
  return menu;
}

function itemValues(item: EditorMenuItem, version: number): Record<string, string> {
  const labels = Object.fromEntries(cultures.map((culture) => [`Label_${culture}`, item.labels[culture] ?? '']));
  return { Kind: item.kind, TargetId: item.targetId === null ? '' : String(item.targetId), Url: item.url ?? '', ...labels, Version: String(version) };
}

/** The items as a tree read top to bottom: each with its depth and whether it can move up or down. */
function treeRows(items: EditorMenuItem[], parentId: number | null = null, depth = 1): { item: EditorMenuItem; depth: number; first: boolean; last: boolean }[] {
  if (depth > MENU_MAX_DEPTH) return [];
  const siblings = items.filter((item) => item.parentId === parentId);
  return siblings.flatMap((item, index) => [{ item, depth, first: index === 0, last: index === siblings.length - 1 }, ...treeRows(items, item.id, depth + 1)]);
}

export async function renderList(req: Request, res: Response): Promise<void> {
  const menus = (await listEditorMenus(appLocals(req).db)).map((menu) => ({ ...menu, name: menuName(res, menu.code) }));
  await renderPage(req, res, 'backoffice/menus/list', { title: res.locals.t('Menus.Admin.Title'), section: 'menus', menus });
}

export async function renderEdit(req: Request, res: Response, menu: EditorMenu, posted: Posted | null = null, status = 200, conflict = false): Promise<void> {
  const { t, culture } = res.locals;
  const items = await listEditorItems(appLocals(req).db, menu.id);
  const display = (item: EditorMenuItem) => item.labels[culture] || item.url || `${t(`Menus.Admin.Kinds.${item.kind}`)}${item.targetId === null ? '' : ` ${item.targetId}`}`;
  const stateOf = (itemId: number | null, values: Record<string, unknown>): FormState =>
    posted && posted.itemId === itemId ? { values: { ...posted.values, Version: String(menu.version) }, errors: posted.errors } : { values, errors: {} };
  const rows = treeRows(items).map((row) => ({ ...row, name: display(row.item), ...stateOf(row.item.id, itemValues(row.item, menu.version)) }));
  const parents = treeRows(items).filter((row) => row.depth < MENU_MAX_DEPTH).map((row) => ({ id: row.item.id, depth: row.depth, name: display(row.item) }));
  await renderPage(
    req,
    res,
    'backoffice/menus/edit',
    {
      title: menuName(res, menu.code),
      section: 'menus',
      menu,
      rows,
      parents,
      add: stateOf(null, { Kind: 'category', Version: String(menu.version) }),
      itemForm: menuItemForm,
      newItemForm: newMenuItemForm,
      kinds: menuItemKinds.map((kind) => ({ value: kind, label: `Menus.Admin.Kinds.${kind}` })),
      cultures,
      conflict,
    },
    status,
  );
}

export async function renderRemove(req: Request, res: Response, menu: EditorMenu, itemId: number): Promise<void> {
  const item = (await listEditorItems(appLocals(req).db, menu.id)).find((candidate) => candidate.id === itemId);
  if (!item) throw new NotFound();
  const name = item.labels[res.locals.culture] || item.url || res.locals.t(`Menus.Admin.Kinds.${item.kind}`);
  await renderPage(req, res, 'backoffice/menus/remove', { title: res.locals.t('BackOffice.Items.DeleteTitle', { name }), section: 'menus', menu, item, name });
}
