import { createApp } from './app';
import { instanceName } from './cluster/instance';
import { shareCacheClears, invalidationChannel } from './cluster/invalidation';
import { backgroundJobs } from './cluster/background';
import { scheduleJobs } from './cluster/jobs';
import { underStartupLock } from './cluster/startup';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { connectRedis } from './http/redis';
import { createLogger } from './logger';

const shutdownGraceMs = 10_000;

async function start(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const instance = instanceName(config);
  const { db, dialect, destroy } = createDb(config);
  await underStartupLock(db, dialect, async () => {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
    if (await seedIfEmpty(db)) logger.info('demo content seeded');
  });
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : null;
  // Several instances on one database: a change saved through one clears the caches of all.
  const shared = redis ? await shareCacheClears({ db, redis, channel: invalidationChannel(config), instance, logger }) : null;
  const app = createApp({ config, db, dialect, logger, redis });
  const { mailer, localization, sessionStore } = app.locals;
  const jobs = scheduleJobs({ db, instance, logger, everyMs: config.JOB_INTERVAL_MS, jobs: backgroundJobs({ db, config, logger, mailer, localization, sessionStore }) });

  const server = app.listen(config.PORT, () =>
    logger.info({ url: `http://localhost:${config.PORT}${config.BASE_PATH}/`, database: dialect, instance }, 'storefront listening'),
  );

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), shutdownGraceMs);
    force.unref();
    server.close(async () => {
      await jobs.stop();
      await shared?.close();
      await redis?.close();
      await destroy();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
