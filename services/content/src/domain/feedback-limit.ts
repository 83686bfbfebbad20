import { AppError, clientAddress, type Logger, type Redis } from '@ballmatch/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export type FeedbackLimit = (clientIp: string) => Promise<void>;

/**
 * Messages per client address in an hour, counted in Redis (`feedback:<address>`, by
 * rate-limiter-flexible) so the limit holds across replicas. The window starts at the address's
 * first message. Past the limit: RESOURCE_EXHAUSTED with the seconds left. If Redis cannot
 * count, the message is let through (logged): the gateway's per-minute limit still holds, and a
 * contact form that fails is worse than a few more mails.
 */
export function createFeedbackLimit(deps: {
  redis: Redis;
  perHour: number;
  logger: Logger;
}): FeedbackLimit {
  const limiter = new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: 'feedback',
    points: deps.perHour,
    duration: 3600,
  });
  return async (clientIp) => {
    try {
      await limiter.consume(clientAddress(clientIp));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) {
        deps.logger.warn({ err: refusal }, 'feedback limit store unavailable: message let through');
        return;
      }
      // Whole seconds as Redis's TTL gives them (rounded), at least one.
      const seconds = Math.max(1, Math.round(refusal.msBeforeNext / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new AppError(
        'RESOURCE_EXHAUSTED',
        `Too many messages from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retryAfterSeconds: seconds },
      );
    }
  };
}
