import type { Transaction } from 'kysely';
import { cultures } from '../../config';
import type { MenuItemKind } from '../../menus/tables';
import type { Database } from '../schema';

type Tx = Transaction<Database>;

interface SeedItem {
  kind: MenuItemKind;
  targetId?: number | null;
  url?: string;
  /** Per culture; none: the target's own name (a category's, a page's) or the section's resource. */
  label?: Record<(typeof cultures)[number], string>;
  children?: SeedItem[];
}

/**
 * The main menu: the catalog's departments (top-level categories) with their subcategories, the content
 * sections (news, projects, and help: the FAQ with the about, contact and legal pages), account and cart;
 * the footer menu: the legal, contact and about pages; the follow-us block's social pages. Runs after
 * the catalog and the pages.
 */
export async function seedMenus(tx: Tx): Promise<void> {
  // Departments are the top level (depth 1), their subcategories the level below (depth 2).
  const categories = await tx.selectFrom('categories').select(['id', 'parent_id']).where('depth', '<=', 2).orderBy('position').orderBy('id').execute();
  const pages = new Map((await tx.selectFrom('pages').select(['id', 'page_key']).execute()).map((page) => [page.page_key, page.id]));
  const page = (key: string): SeedItem => ({ kind: 'page', targetId: pages.get(key) ?? null });
  const departments: SeedItem[] = categories
    .filter((category) => category.parent_id === null)
    .map((department) => ({
      kind: 'category',
      targetId: department.id,
      children: categories.filter((child) => child.parent_id === department.id).map((child) => ({ kind: 'category', targetId: child.id })),
    }));
  const help = { fr: 'Aide', nl: 'Hulp', es: 'Ayuda', de: 'Hilfe', it: 'Aiuto', pt: 'Ajuda' };
  await insertMenu(tx, 'main', [
    ...departments,
    { kind: 'news' },
    { kind: 'projects' },
    { kind: 'faq', label: help, children: [{ kind: 'faq' }, page('about'), page('contact'), page('legal')] },
    { kind: 'account' },
    { kind: 'cart' },
  ]);
  await insertMenu(tx, 'footer', [page('legal'), page('contact'), page('about')]);
  await tx.insertInto('site_settings').values(socialPages.map(([network, url]) => ({ key: `social.${network}`, value: url }))).execute();
}

/** The follow-us block's pages (site settings social.{network}, server/menus/rules.ts). */
const socialPages = [
  ['facebook', 'https://www.facebook.com/example.shop'],
  ['instagram', 'https://www.instagram.com/example.shop'],
  ['pinterest', 'https://www.pinterest.com/example_shop'],
  ['youtube', 'https://www.youtube.com/@example.shop'],
] as const;

async function insertMenu(tx: Tx, code: string, items: SeedItem[]): Promise<void> {
  const { id } = await tx.insertInto('menus').values({ code }).returning('id').executeTakeFirstOrThrow();
  await insertItems(tx, id, items, null);
}

async function insertItems(tx: Tx, menuId: number, items: SeedItem[], parentId: number | null): Promise<void> {
  for (const [position, item] of items.entries()) {
    const { id } = await tx
      .insertInto('menu_items')
      .values({ menu_id: menuId, parent_id: parentId, position, kind: item.kind, target_id: item.targetId ?? null, url: item.url ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('menu_item_translations')
      .values(cultures.map((culture) => ({ item_id: id, culture, label: item.label?.[culture] ?? '' })))
      .execute();
    if (item.children) await insertItems(tx, menuId, item.children, id);
  }
}
