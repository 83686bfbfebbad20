import type { Redis } from '@ballmatch/platform';
import type { FailureCounter } from '../domain/throttle';

/** Sign-in failure counts in Redis, so every auth replica sees the same numbers. */
export function createRedisFailureCounter(redis: Redis): FailureCounter {
  const key = (k: string) => `auth:fail:${k}`;
  return {
    async read(keys) {
      const batch = redis.multi();
      for (const k of keys) batch.get(key(k)).ttl(key(k));
      const replies = (await batch.exec()) as Array<[Error | null, unknown]>;
      return keys.map((_, i) => ({
        count: Number(replies[2 * i]![1] ?? 0),
        ttlSeconds: Math.max(0, Number(replies[2 * i + 1]![1])),
      }));
    },
    async increment(keys, windowSeconds) {
      // A window starts at a key's first failure and is not extended by later ones.
      const batch = redis.multi();
      for (const k of keys) batch.incr(key(k)).expire(key(k), windowSeconds, 'NX');
      await batch.exec();
    },
    async clear(k) {
      await redis.del(key(k));
    },
  };
}
