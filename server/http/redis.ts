import { createClient } from 'redis';
import type { Logger } from '../logger';

export type RedisClient = ReturnType<typeof createClient>;

/** The shared Redis connection for sessions and rate limits, when REDIS_URL is set. */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClient> {
  const client = createClient({ url });
  client.on('error', (error) => logger.error({ err: error }, 'redis error'));
  await client.connect();
  return client;
}
