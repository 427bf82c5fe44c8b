import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { connectRedis } from './http/redis';
import { createLogger } from './logger';
import { sendDueOrderMails } from './orders/mail';
import { cancelUnpaidOrders } from './orders/orders';

const shutdownGraceMs = 10_000;

async function start(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const { db, dialect, destroy } = createDb(config);
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  if (await seedIfEmpty(db)) logger.info('demo content seeded');
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : null;
  const app = createApp({ config, db, dialect, logger, redis });
  const pruning = setInterval(() => void app.locals.sessionStore.prune?.().catch(() => undefined), 15 * 60_000);
  pruning.unref();
  // Card orders never paid give their stock and coupon use back after ORDER_PAYMENT_TIMEOUT_MINUTES.
  const sweeping = setInterval(() => void cancelUnpaidOrders(db).catch((err: unknown) => logger.error({ err }, 'unpaid order sweep failed')), 5 * 60_000);
  sweeping.unref();
  // Order mails not sent yet (SMTP down, a restart right after the commit): retried with a backoff.
  const { mailer, localization } = app.locals;
  const mailing = setInterval(() => void sendDueOrderMails({ db, mailer, localization, config, logger }).catch((err: unknown) => logger.error({ err }, 'order mail sweep failed')), 60_000);
  mailing.unref();

  const server = app.listen(config.PORT, () =>
    logger.info({ url: `http://localhost:${config.PORT}${config.BASE_PATH}/`, database: dialect }, 'storefront listening'),
  );

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), shutdownGraceMs);
    force.unref();
    server.close(async () => {
      await redis?.quit();
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
