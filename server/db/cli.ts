import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDb } from './index';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';

const maxProducts = 1_000_000;

/** `--products N`: how many catalog products the seed generates (the demo has 432). */
export function productsOption(args: string[]): number | undefined {
  const { values } = parseArgs({ args, options: { products: { type: 'string' } }, strict: false, allowPositionals: true });
  if (values.products === undefined) return undefined;
  const text = typeof values.products === 'string' ? values.products : '';
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || count > maxProducts) {
    throw new Error(`--products takes a whole number from 1 to ${maxProducts}, not "${text}"`);
  }
  return count;
}

function progress(done: number, total: number, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const percent = Math.floor((100 * done) / total);
  process.stdout.write(`\rCatalog: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} products (${percent}%, ${seconds.toFixed(0)} s)`);
  if (done === total) process.stdout.write('\n');
}

async function main(command: string | undefined, args: string[]): Promise<void> {
  const products = productsOption(args);
  const config = loadConfig();
  const { db, destroy } = createDb(config);
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
    if (command === 'seed') {
      const started = performance.now();
      const onProgress = products && products > 5000 ? (done: number, total: number) => progress(done, total, started) : undefined;
      const seeded = await seedIfEmpty(db, { products, onProgress });
      console.log(seeded ? `Demo content seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.` : 'Database already has content; seed skipped.');
    }
  } finally {
    await destroy();
  }
}

if (require.main === module) {
  main(process.argv[2], process.argv.slice(3)).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
