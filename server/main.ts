import type { Server } from 'node:http';
import { createApp } from './app';
import { instanceName } from './cluster/instance';
import { shareCacheClears, invalidationChannel } from './cluster/invalidation';
import { backgroundJobs } from './cluster/background';
import { scheduleJobs } from './cluster/jobs';
import { underStartupLock } from './cluster/startup';
import { type Config, ConfigError, loadConfig } from './config';
import { createDb } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { connectRedis } from './http/redis';
import { createLogger, type Logger } from './logger';

const shutdownGraceMs = 10_000;

/**
 * What a stop must close, filled in as start-up gets that far. The signal handlers are installed
 * before any slow start-up work (migrations, seeding, the startup lock, Redis), so a SIGTERM then is
 * still a clean stop: start-up ends at its next step and whatever was opened is closed, exit 0.
 */
interface Running {
  server?: Server;
  closers: (() => Promise<void>)[];
  stopping: boolean;
}

async function closeAll(logger: Logger, running: Running): Promise<never> {
  for (const close of running.closers.reverse()) await close().catch((error) => logger.error({ err: error }, 'stop step failed'));
  logger.info('stopped');
  process.exit(0);
}

/** During start-up a stop only raises the flag: start() ends at its next step and closes what it opened. */
function installStop(logger: Logger, running: Running): void {
  const stop = (signal: string) => {
    if (running.stopping) return;
    running.stopping = true;
    logger.info({ signal }, 'shutting down');
    const server = running.server;
    if (!server) return;
    setTimeout(() => process.exit(1), shutdownGraceMs).unref();
    server.close(() => void closeAll(logger, running));
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/** Throws when a stop arrived during start-up, so start() goes no further; the stop closes what is open. */
class StoppedDuringStart extends Error {}
function unlessStopping(running: Running): void {
  if (running.stopping) throw new StoppedDuringStart();
}

async function start(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const running: Running = { closers: [], stopping: false };
  installStop(logger, running);
  try {
    running.server = await startUp(config, logger, running);
  } catch (error) {
    if (error instanceof StoppedDuringStart) return void (await closeAll(logger, running));
    throw error;
  }
}

async function startUp(config: Config, logger: Logger, running: Running): Promise<Server> {
  const instance = instanceName(config);
  const { db, dialect, destroy } = createDb(config);
  running.closers.push(destroy);
  await underStartupLock(db, dialect, async () => {
    unlessStopping(running);
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
    unlessStopping(running);
    if (await seedIfEmpty(db)) logger.info('demo content seeded');
  });
  unlessStopping(running);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : null;
  if (redis) running.closers.push(() => redis.close());
  unlessStopping(running);
  // Several instances on one database: a change saved through one clears the caches of all.
  const shared = redis ? await shareCacheClears({ db, redis, channel: invalidationChannel(config), instance, logger }) : null;
  if (shared) running.closers.push(() => shared.close());
  unlessStopping(running);
  const app = createApp({ config, db, dialect, logger, redis });
  const { mailer, localization, sessionStore } = app.locals;
  const jobs = scheduleJobs({ db, instance, logger, everyMs: config.JOB_INTERVAL_MS, jobs: backgroundJobs({ db, config, logger, mailer, localization, sessionStore }) });
  running.closers.push(() => jobs.stop());
  unlessStopping(running);
  return app.listen(config.PORT, () =>
    logger.info({ url: `http://localhost:${config.PORT}${config.BASE_PATH}/`, database: dialect, instance }, 'storefront listening'),
  );
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
