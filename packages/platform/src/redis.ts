import { Redis } from 'ioredis';

export type { Redis };

/**
 * A Redis connection whose keys all start with `keyPrefix`. Commands fail fast when the
 * server is away (no unbounded offline queue), so callers can answer 503 instead of hanging.
 */
export function createRedis(options: { url: string; keyPrefix: string }): Redis {
  return new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 3_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

export async function connectRedis(options: { url: string; keyPrefix: string }): Promise<Redis> {
  const redis = createRedis(options);
  await redis.connect();
  return redis;
}
