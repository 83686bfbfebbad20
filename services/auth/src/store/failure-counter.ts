import type { Redis } from '@ballmatch/platform';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { THROTTLE_WINDOW_SECONDS, type FailureCounter } from '../domain/throttle';

/**
 * Sign-in failure counts in Redis (`auth:fail:<key>`, rate-limiter-flexible's counts), so every
 * auth replica sees the same numbers. The limits are the domain's (throttle.ts): here a failure
 * is a point added, never refused, and a window starts at a key's first failure and is not
 * extended by later ones.
 */
export function createRedisFailureCounter(redis: Redis): FailureCounter {
  const counts = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'auth:fail',
    points: 0,
    duration: THROTTLE_WINDOW_SECONDS,
  });
  return {
    read: (keys) =>
      Promise.all(
        keys.map(async (key) => {
          const count = await counts.get(key);
          return {
            count: count?.consumedPoints ?? 0,
            // Whole seconds as Redis's TTL gives them (rounded); 0 without a window.
            ttlSeconds: Math.max(0, Math.round((count?.msBeforeNext ?? 0) / 1000)),
          };
        }),
      ),
    async increment(keys, windowSeconds) {
      await Promise.all(
        keys.map((key) => counts.penalty(key, 1, { customDuration: windowSeconds })),
      );
    },
    async clear(key) {
      await counts.delete(key);
    },
  };
}
