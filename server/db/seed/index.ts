import type { Db } from '../index';
import { seedSite } from './site';

/** Fills an empty database with the deterministic demo content; a database with content is left alone. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('pages').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (transaction) => {
    await seedSite(transaction);
  });
  return true;
}
