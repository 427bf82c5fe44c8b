import { sql } from 'kysely';
import type { Db } from '../db';
import { isVisible } from './publishing';

/** What the first-run check reads of the database: the migrations applied, the pages and blocks seeded. */
export async function readSiteState(db: Db, { now }: { now: number }): Promise<{ migrations: string[]; pages: number; visiblePages: number; blocks: number }> {
  const [migrations, pages, visible, blocks] = await Promise.all([
    sql<{ name: string }>`select name from kysely_migration order by name`.execute(db),
    db.selectFrom('pages').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    db.selectFrom('pages').select((eb) => eb.fn.countAll<number | string>().as('count')).where((eb) => isVisible(eb, 'pages', now)).executeTakeFirstOrThrow(),
    db.selectFrom('page_blocks').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { migrations: migrations.rows.map((row) => row.name), pages: Number(pages.count), visiblePages: Number(visible.count), blocks: Number(blocks.count) };
}
