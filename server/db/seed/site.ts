import type { Transaction } from 'kysely';
import { cultures } from '../../config';
import type { Database } from '../schema';
import { navigation, pages, type SeedNavigationItem } from './site-content';

type Tx = Transaction<Database>;

export const consentStamp = '2026-11-01';

export async function seedSite(tx: Tx): Promise<void> {
  await tx.insertInto('site_settings').values({ key: 'consent.stamp', value: consentStamp }).execute();
  const pageIds = new Map<string, number>();
  for (const [position, page] of pages.entries()) {
    const { id } = await tx
      .insertInto('pages')
      .values({ page_key: page.key, is_home: page.isHome ? 1 : 0, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    pageIds.set(page.key, id);
    await tx
      .insertInto('page_translations')
      .values(
        cultures.map((culture) => ({
          page_id: id,
          culture,
          slug: page.slug,
          title: page.title[culture],
          summary: page.summary[culture],
          body_html: page.body[culture],
        })),
      )
      .execute();
  }
  await insertNavigation(tx, navigation, null, pageIds);
}

async function insertNavigation(tx: Tx, items: SeedNavigationItem[], parentId: number | null, pageIds: Map<string, number>) {
  for (const [position, item] of items.entries()) {
    const { id } = await tx
      .insertInto('navigation_items')
      .values({ parent_id: parentId, page_id: item.page ? pageIds.get(item.page)! : null, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('navigation_item_translations')
      .values(cultures.map((culture) => ({ item_id: id, culture, label: item.label[culture], url: null })))
      .execute();
    if (item.children) await insertNavigation(tx, item.children, id, pageIds);
  }
}
