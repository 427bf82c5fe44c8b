import { createClient } from 'redis';
import type { Logger } from '../logger';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * The shared Redis connection (sessions, rate limits, cache messages), when REDIS_URL is set. If Redis
 * goes away, commands fail at once instead of waiting in a queue (a request must not hang on it: a
 * session read answers 503, a rate limit lets the request through, caches degrade), and the client
 * reconnects by itself, trying again at most every two seconds.
 */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClient> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
  });
  let down = false;
  client.on('error', (error) => {
    // Once per outage, not once per reconnection attempt.
    if (!down) logger.warn({ err: error }, 'redis unreachable: reconnecting');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info('redis reachable again');
    down = false;
  });
  await client.connect();
  return client;
}
