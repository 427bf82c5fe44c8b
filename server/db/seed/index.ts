import type { Db } from '../index';
import { type CatalogSeedOptions, seedCatalog } from './catalog';
import { seedAccounts } from './accounts';
import { seedSite } from './site';
import { seedSalesReference } from './sales-reference';
import { seedCoupons } from './coupons';
import { seedPickupPoints } from './pickup-points';
import { seedContentPages } from './content-pages';
import { seedFaq } from './faq';
import { seedNews } from './news';
import { seedProjects } from './projects';
import { seedPrepaid } from './prepaid';
import { seedWishlists } from './wishlists';
import { seedHome } from './home';
import { seedMenus } from './menus';

/** Fills an empty database with the deterministic demo content; a database with content is left alone. */
export async function seedIfEmpty(db: Db, catalog: CatalogSeedOptions = {}): Promise<boolean> {
  const existing = await db.selectFrom('pages').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (transaction) => {
    await seedSite(transaction);
    await seedAccounts(transaction);
    await seedCatalog(transaction, catalog);
    await seedSalesReference(transaction);
    await seedCoupons(transaction);
    await seedPickupPoints(transaction);
    await seedFaq(transaction);
    await seedProjects(transaction);
    await seedPrepaid(transaction);
    await seedNews(transaction);
    await seedContentPages(transaction);
    await seedWishlists(transaction);
    await seedHome(transaction);
    await seedMenus(transaction);
  });
  return true;
}
