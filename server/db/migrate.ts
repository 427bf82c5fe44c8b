import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './index';
import { isPostgres } from './migrations/helpers';
import * as site from './migrations/001_site';
import * as newsletter from './migrations/002_newsletter';
import * as accounts from './migrations/003_accounts';
import * as catalog from './migrations/004_catalog';
import * as contact from './migrations/005_contact';
import * as cart from './migrations/006_cart';
import * as coupons from './migrations/007_coupons';
import * as orders from './migrations/008_orders';
import * as payments from './migrations/009_payments';
import * as orderStock from './migrations/010_order_stock';
import * as paymentRefunds from './migrations/011_payment_refunds';
import * as contentPages from './migrations/015_content_pages';
import * as prepaidAccounts from './migrations/017_prepaid_accounts';
import * as refundsAudit from './migrations/018_refunds_audit';
import * as backOfficeRevisions from './migrations/019_backoffice_revisions';
import * as wishlists from './migrations/016_wishlists';
import * as news from './migrations/012_news';
import * as faq from './migrations/013_faq';
import * as projects from './migrations/014_projects';
import * as home from './migrations/023_home';
import * as homeVersions from './migrations/024_home_versions';
import * as assetLibrary from './migrations/020_asset_library';
import * as menus from './migrations/021_menus';
import * as popups from './migrations/022_popups';
import * as jobs from './migrations/025_jobs';
import * as productVersions from './migrations/026_product_versions';
import * as emailChanges from './migrations/027_email_changes';
import * as previewGenerations from './migrations/028_preview_generations';

/** Migrations are listed here in order; a static list keeps them bundler- and jest-friendly. */
const migrations: Record<string, Migration> = {
  '001_site': site,
  '002_newsletter': newsletter,
  '003_accounts': accounts,
  '004_catalog': catalog,
  '005_contact': contact,
  '006_cart': cart,
  '007_coupons': coupons,
  '008_orders': orders,
  '009_payments': payments,
  '010_order_stock': orderStock,
  '011_payment_refunds': paymentRefunds,
  '015_content_pages': contentPages,
  '017_prepaid_accounts': prepaidAccounts,
  '018_refunds_audit': refundsAudit,
  '019_backoffice_revisions': backOfficeRevisions,
  '016_wishlists': wishlists,
  '012_news': news,
  '013_faq': faq,
  '014_projects': projects,
  '023_home': home,
  '024_home_versions': homeVersions,
  '020_asset_library': assetLibrary,
  '021_menus': menus,
  '022_popups': popups,
  '025_jobs': jobs,
  '026_product_versions': productVersions,
  '027_email_changes': emailChanges,
  '028_preview_generations': previewGenerations,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: await currentSchema(db) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Kysely finds its own tables in any schema unless told which; on PostgreSQL, ours is the search_path's. */
async function currentSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db as unknown as Kysely<unknown>)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0].schema;
}
