import type { Config } from '../config';
import type { Db } from '../db';
import type { Localization } from '../localization/i18n';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { sendDueOrderMails } from '../orders/mail';
import { cancelUnpaidOrders } from '../orders/orders';
import { sweepStorage } from '../asset-library/sweep';
import { storageFor } from '../storage';
import { type Job, pruneJobRuns } from './jobs';

const minute = 60_000;

export interface BackgroundDeps {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  localization: Localization;
  sessionStore: { prune?: () => Promise<unknown> };
}

/** The app's background jobs: each runs on one instance per interval (server/cluster/jobs.ts). */
export function backgroundJobs({ db, config, logger, mailer, localization, sessionStore }: BackgroundDeps): Job[] {
  return [
    // Order mails not sent yet (SMTP down, a restart right after the commit): retried with a backoff.
    { name: 'order-mails', everyMs: minute, run: () => sendDueOrderMails({ db, mailer, localization, config, logger }) },
    // Card orders never paid give their stock and coupon use back after ORDER_PAYMENT_TIMEOUT_MINUTES.
    { name: 'unpaid-orders', everyMs: 5 * minute, run: () => cancelUnpaidOrders(db) },
    // Expired sessions of the database store (Redis expires its own).
    ...(sessionStore.prune ? [{ name: 'session-prune', everyMs: 15 * minute, run: () => sessionStore.prune!() }] : []),
    // Stored files no asset names (an upload cut short by a crash, a delete while storage was away).
    { name: 'storage-sweep', everyMs: 60 * minute, run: () => sweepStorage(db, storageFor(config)) },
    { name: 'job-runs-prune', everyMs: 24 * 60 * minute, run: () => pruneJobRuns(db) },
  ];
}
