import type { RequestHandler } from 'express';
import type { Logger, Redis } from '@ballmatch/platform';

/**
 * Fixed one-minute windows per client IP, counted in Redis so the limit holds across every
 * gateway replica. If Redis is away the request passes (logged): availability over strictness.
 * The windows follow `now` (milliseconds since the epoch): the composition root gives the real
 * clock, tests one they move to the next minute instead of waiting for it.
 */
export function rateLimit(options: {
  redis: Redis;
  logger: Logger;
  group: string;
  perMinute: number;
  now: () => number;
}): RequestHandler {
  return async (req, res, next) => {
    const now = options.now();
    const window = Math.floor(now / 60_000);
    const key = `rl:${options.group}:${req.ip}:${window}`;
    try {
      const [[, count]] = (await options.redis.multi().incr(key).expire(key, 61).exec()) as [
        [null, number],
      ];
      if (count > options.perMinute) {
        const retryAfter = 60 - Math.floor((now / 1000) % 60);
        res.setHeader('Retry-After', String(retryAfter));
        res.status(429).json({ message: `Too many requests. Try again in ${retryAfter} seconds.` });
        return;
      }
    } catch (error) {
      options.logger.warn({ err: error, group: options.group }, 'rate limit store unavailable');
    }
    next();
  };
}
