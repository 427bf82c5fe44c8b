// The real app for `npm run bench` (scripts/bench.mjs starts it): server/main.ts's app, plus one
// static folder, BENCH_STATIC_DIR at /__bench/static, so a page's bytes can be timed as a plain file
// on the same server and process (served as the app serves its own: the brotli twin written beside it). Expects a migrated, seeded database (the bench prepares it).
import http from 'node:http';
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
  const files = express();
  files.disable('x-powered-by');
  files.use('/__bench/static', precompressedStatic(process.env.BENCH_STATIC_DIR ?? '/nonexistent', { index: false, maxAge: 0 }));
  // The app answers every other request itself, as server/main.ts runs it: not mounted inside a second
  // Express app, whose own routing would be counted against every page.
  const server = http.createServer((req, res) => (req.url?.startsWith('/__bench/static/') ? files(req, res) : app(req, res)));
  server.listen(config.PORT, '127.0.0.1', () => process.stdout.write(`listening ${config.PORT}\n`));
  const stop = () => server.close(() => void destroy().then(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
