import { loadConfig } from '../config';
import { createDb } from './index';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';

async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const { db, destroy } = createDb(config);
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
    if (command === 'seed') {
      console.log((await seedIfEmpty(db)) ? 'Demo content seeded.' : 'Database already has content; seed skipped.');
    }
  } finally {
    await destroy();
  }
}

main(process.argv[2]).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
