// Several instances keep the same pages, lists and menus in their own memory (server/http/page-cache.ts,
// server/catalog/lists-cache.ts); a change saved through one must not be served stale by the others.
// Every clearCatalogCaches(db) is announced on a Redis channel, and every instance clears its own caches
// when another announces one (within a few ms). While the subscription is down (Redis restarting, the
// network cut), a missed message would leave a cache stale for its whole TTL, so an instance that has
// lost the channel clears its caches every second until the channel is back, then once more: caching
// degrades to about a second and comes back by itself.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { announceCatalogClears, clearCatalogCachesHere } from '../catalog/lists-cache';
import type { Config } from '../config';
import type { RedisClient } from '../http/redis';
import type { Logger } from '../logger';

/** While the channel is down, caches live at most this long. */
export const DEGRADED_CLEAR_MS = 1000;

/** One channel per shared database: instances of the same shop hear each other, other shops do not. */
export function invalidationChannel(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): string {
  const database = config.DATABASE_URL ?? path.resolve(config.DATA_DIR);
  return `storefront:cache-clear:${createHash('sha256').update(database).digest('hex').slice(0, 16)}`;
}

export interface SharedInvalidation {
  /** Whether the channel is up (false: caches are being cleared every second). */
  listening(): boolean;
  close(): Promise<void>;
}

export async function shareCacheClears(options: { db: object; redis: RedisClient; channel: string; instance: string; logger: Pick<Logger, 'warn' | 'info'> }): Promise<SharedInvalidation> {
  const { db, redis, channel, instance, logger } = options;
  const subscriber = redis.duplicate();
  let degraded: NodeJS.Timeout | null = null;
  const degrade = () => {
    if (degraded) return;
    logger.warn({ channel }, 'cache channel lost: caches kept for a second at most until it is back');
    clearCatalogCachesHere(db);
    degraded = setInterval(() => clearCatalogCachesHere(db), DEGRADED_CLEAR_MS).unref();
  };
  const recover = () => {
    if (!degraded) return;
    clearInterval(degraded);
    degraded = null;
    clearCatalogCachesHere(db);
    logger.info({ channel }, 'cache channel back');
  };
  subscriber.on('error', degrade);
  subscriber.on('end', degrade);
  subscriber.on('reconnecting', degrade);
  subscriber.on('ready', recover);
  await subscriber.connect();
  await subscriber.subscribe(channel, (sender) => sender !== instance && clearCatalogCachesHere(db));
  const stopAnnouncing = announceCatalogClears(db, () => {
    // Redis down: the others are degraded too (they lost the same channel), so nothing is lost.
    redis.publish(channel, instance).catch(() => undefined);
  });
  return {
    listening: () => subscriber.isReady && !degraded,
    async close() {
      stopAnnouncing();
      recover();
      subscriber.removeAllListeners();
      subscriber.on('error', () => undefined);
      // Nothing of a subscriber's is worth waiting for (close() can wait on a reconnection for ever).
      subscriber.destroy();
    },
  };
}
