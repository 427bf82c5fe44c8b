// The real app for `npm run bench` (scripts/bench.mjs starts it): server/main.ts's app, plus one
// static folder, BENCH_STATIC_DIR at /__bench/static, so a page's bytes can be timed as a plain file
// on the same server and process (served as the app serves its own: the brotli twin written beside it). Expects a migrated, seeded database (the bench prepares it).
import express from 'express';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db';
import { createLogger } from '../server/logger';
import { precompressedStatic } from '../server/http/precompressed';

async function start(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const { db, dialect, destroy } = createDb(config);
  const app = createApp({ config, db, dialect, logger, redis: null });
  const outer = express();
  outer.disable('x-powered-by');
  outer.use('/__bench/static', precompressedStatic(process.env.BENCH_STATIC_DIR ?? '/nonexistent', { index: false, maxAge: 0 }));
  outer.use(app);
  const server = outer.listen(config.PORT, '127.0.0.1', () => process.stdout.write(`listening ${config.PORT}\n`));
  const stop = () => server.close(() => void destroy().then(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
