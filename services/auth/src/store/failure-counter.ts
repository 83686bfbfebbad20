import type { Redis } from '@ballmatch/platform';
import type { FailureCounter } from '../domain/throttle';

/** Sign-in failure counts in Redis, so every auth replica sees the same numbers. */
export function createRedisFailureCounter(redis: Redis): FailureCounter {
  const key = (k: string) => `auth:fail:${k}`;
  return {
    async read(k) {
      const [[, count], [, ttl]] = (await redis.multi().get(key(k)).ttl(key(k)).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { count: Number(count ?? 0), ttlSeconds: Math.max(0, ttl) };
    },
    async increment(k, windowSeconds) {
      // The window starts at the first failure and is not extended by later ones.
      await redis.multi().incr(key(k)).expire(key(k), windowSeconds, 'NX').exec();
    },
    async clear(k) {
      await redis.del(key(k));
    },
  };
}
