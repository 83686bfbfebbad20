import type { Redis } from '@ballmatch/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  RESET_LIMIT_WINDOW_SECONDS,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
  type ResetLimits,
} from '../domain/password-reset';

/**
 * Reset-link requests counted in Redis (`auth:reset:ip:<address>`, `auth:reset:email:<email>`,
 * rate-limiter-flexible's counts), so every auth replica sees the same numbers. Each request
 * takes a point from both; the limits are the domain's.
 */
export function createRedisResetLimits(redis: Redis): ResetLimits {
  const limiter = (kind: string, points: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `auth:reset:${kind}`,
      points,
      duration: RESET_LIMIT_WINDOW_SECONDS,
    });
  const byAddress = limiter('ip', RESET_REQUESTS_PER_ADDRESS);
  const byEmail = limiter('email', RESET_REQUESTS_PER_EMAIL);
  return {
    async take(address, email) {
      const taken = await Promise.allSettled([byAddress.consume(address), byEmail.consume(email)]);
      let waitMs = 0;
      for (const result of taken) {
        if (result.status === 'fulfilled') continue;
        // Over the limit: rate-limiter-flexible rejects with its answer; anything else is Redis.
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        waitMs = Math.max(waitMs, result.reason.msBeforeNext);
      }
      return waitMs === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
    },
  };
}
