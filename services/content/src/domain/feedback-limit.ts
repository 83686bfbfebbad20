import { AppError, clientAddress, type Logger, type Redis } from '@ballmatch/platform';

const WINDOW_SECONDS = 3600;

export type FeedbackLimit = (clientIp: string) => Promise<void>;

/**
 * Messages per client address in an hour, counted in Redis so the limit holds across replicas.
 * The window starts at the address's first message. Past the limit: RESOURCE_EXHAUSTED with
 * the seconds left. If Redis cannot count, the message is let through (logged): the gateway's
 * per-minute limit still holds, and a contact form that fails is worse than a few more mails.
 */
export function createFeedbackLimit(deps: {
  redis: Redis;
  perHour: number;
  logger: Logger;
}): FeedbackLimit {
  return async (clientIp) => {
    const key = `feedback:${clientAddress(clientIp)}`;
    let count: number;
    let ttl: number;
    try {
      const replies = (await deps.redis
        .multi()
        .set(key, 0, 'EX', WINDOW_SECONDS, 'NX')
        .incr(key)
        .ttl(key)
        .exec()) as [Error | null, unknown][];
      count = Number(replies[1]![1]);
      ttl = Number(replies[2]![1]);
    } catch (error) {
      deps.logger.warn({ err: error }, 'feedback limit store unavailable: message let through');
      return;
    }
    if (count <= deps.perHour) return;
    const seconds = Math.max(1, ttl);
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      'RESOURCE_EXHAUSTED',
      `Too many messages from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: seconds },
    );
  };
}
