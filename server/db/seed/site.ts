import type { Transaction } from 'kysely';
import { cultures } from '../../config';
import type { Database } from '../schema';
import { pages } from './site-content';

type Tx = Transaction<Database>;

export const consentStamp = '2026-11-01';

export async function seedSite(tx: Tx): Promise<void> {
  await tx.insertInto('site_settings').values({ key: 'consent.stamp', value: consentStamp }).execute();
  for (const [position, page] of pages.entries()) {
    const { id } = await tx
      .insertInto('pages')
      .values({ page_key: page.key, is_home: page.isHome ? 1 : 0, position })
      .returning('id')
      .executeTakeFirstOrThrow();
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
}
