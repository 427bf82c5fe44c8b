import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './index';
import * as site from './migrations/001_site';
import * as newsletter from './migrations/002_newsletter';

/** Migrations are listed here in order; a static list keeps them bundler- and jest-friendly. */
const migrations: Record<string, Migration> = {
  '001_site': site,
  '002_newsletter': newsletter,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
