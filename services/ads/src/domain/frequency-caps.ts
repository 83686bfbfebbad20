import type { Redis } from '@ballmatch/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Per-address frequency caps on what counts (docs/api.md 'Frequency caps'): one address may add
 * at most `count` views, or clicks, to one ad's figures in each window. What goes past a cap is
 * answered as usual and not counted, so whoever pumps cannot tell.
 */
export interface Cap {
  count: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Read the Docs' Ethical Ad Server's click limits (ADSERVER_CLICK_RATELIMITS). */
export const CLICK_CAPS: readonly Cap[] = [
  { count: 1, windowMs: MINUTE },
  { count: 3, windowMs: 10 * MINUTE },
  { count: 10, windowMs: HOUR },
  { count: 25, windowMs: DAY },
];

/**
 * The Ethical Ad Server's view limit is 5 per 5 minutes per address across all ads; these are
 * per ad, so: the same sustained one a minute (10 per 10 minutes), 2 in one minute (a game's
 * reward and the page's banner may show one ad at once), then half that pace over an hour and
 * 100 a day, four times the clicks' day.
 */
export const VIEW_CAPS: readonly Cap[] = [
  { count: 2, windowMs: MINUTE },
  { count: 10, windowMs: 10 * MINUTE },
  { count: 30, windowMs: HOUR },
  { count: 100, windowMs: DAY },
];

/**
 * How long Redis keeps a window's count after it was first written: the window itself, and a
 * margin for replicas' clocks and a test clock standing still while real time passes. Which
 * window a count belongs to is decided by the service's clock (its number is in the key).
 */
const KEEP_PAST_WINDOW_MS = 10 * MINUTE;

export interface FrequencyCap {
  /**
   * Whether one more view (or click) of `subject` ('ad:<id>', 'icon:<colour>') from this
   * address counts now; if it does, it is taken from every window. Windows are checked shortest
   * first, and one refused by a shorter window uses up none of the longer ones.
   */
  admit(subject: string, clientKey: string): Promise<boolean>;
}

/**
 * Fixed windows on the service's clock (`now`), aligned to the epoch (the day is the UTC day,
 * as the counters'), held in Redis by rate-limiter-flexible across every replica.
 */
export function createFrequencyCap(deps: {
  redis: Redis;
  /** 'view' or 'click': the keys' name. */
  name: string;
  caps: readonly Cap[];
  now: () => Date;
}): FrequencyCap {
  const windows = deps.caps.map((cap) => ({
    cap,
    limiter: new RateLimiterRedis({
      storeClient: deps.redis,
      keyPrefix: `ads:cap:${deps.name}:${cap.windowMs}`,
      points: cap.count,
      duration: Math.ceil((cap.windowMs + KEEP_PAST_WINDOW_MS) / 1000),
    }),
  }));

  return {
    async admit(subject, clientKey) {
      const at = deps.now().getTime();
      for (const { cap, limiter } of windows) {
        const window = Math.floor(at / cap.windowMs);
        try {
          await limiter.consume(`${subject}:${clientKey}:${window}`);
        } catch (error) {
          if (error instanceof RateLimiterRes) return false;
          throw error;
        }
      }
      return true;
    },
  };
}
