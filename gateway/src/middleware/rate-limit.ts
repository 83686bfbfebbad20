import type { RequestHandler } from 'express';
import type { Logger, Redis } from '@ballmatch/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A lease is this share of what is left of the window, so leases shrink near the limit. */
const LEASE_SHARE = 16;
const MAX_LEASE = 1000;
/** Leases this large are renewed ahead (smaller ones, near a limit, only when spent). */
const PREFETCH_FROM = 8;

interface Bucket {
  /** Tokens leased from Redis and not yet spent by this replica. */
  tokens: number;
  /** The size of the last lease asked for. */
  lastLease: number;
  /** What every replica had taken of the window at this replica's last lease. */
  knownTaken: number;
  /** Redis said the window is used up: refused here until the next minute. */
  spent: boolean;
  /** A lease on its way (concurrent requests wait for it rather than ask again); false: Redis failed. */
  leasing?: Promise<boolean>;
}

export interface RateLimiterOptions {
  redis: Redis;
  logger: Logger;
  group: string;
  perMinute: number;
  /** The clock the minutes are counted on (ms since the epoch): tests move it. */
  now: () => number;
}

/**
 * Fixed one-minute windows per client IP, held across every gateway replica by one count in
 * Redis (rate-limiter-flexible's RateLimiterRedis). A replica does not ask Redis for every
 * request: it leases tokens from the window's count (consuming a lease's size at once) and
 * spends them locally (docs/benchmarks.md: a Redis round trip per request missed the goal). A lease is 1/16 of what was left (at most 1000), so
 * near the limit leases are single tokens and the count is exact; all replicas together are
 * never granted more than the limit (a replica's unspent lease lapses with its window: at
 * worst another replica refuses a few requests early). Once Redis says the window is used up,
 * this replica refuses locally until the next minute. If Redis is away the request passes
 * (logged): availability over strictness.
 */
export class RateLimiter {
  private window = -1;
  private buckets = new Map<string, Bucket>();
  /** The count of every replica: `rl:<group>:<ip>:<minute>`, kept 61 s (made at the first lease). */
  private store?: RateLimiterRedis;

  constructor(private readonly options: RateLimiterOptions) {}

  /**
   * Decides from what this replica holds, without waiting: true (a token spent), a number
   * (refused: Retry-After seconds), or undefined (a lease is needed first: use `admit`).
   */
  tryLocal(ip: string): true | number | undefined {
    const now = this.options.now();
    const bucket = this.bucketOf(ip, now);
    if (bucket.tokens > 0) {
      bucket.tokens -= 1;
      // The next lease is asked for before this one runs out, so requests need not wait on it.
      if (
        bucket.lastLease >= PREFETCH_FROM &&
        bucket.tokens < bucket.lastLease / 4 &&
        !bucket.leasing &&
        !bucket.spent
      ) {
        bucket.leasing = this.lease(ip, bucket, Math.floor(now / 60_000));
      }
      return true;
    }
    if (bucket.spent) return 60 - Math.floor((now / 1000) % 60);
    return undefined;
  }

  /** true (admitted) or the Retry-After seconds of a refusal; leases from Redis when needed. */
  async admit(ip: string): Promise<true | number> {
    for (;;) {
      const local = this.tryLocal(ip);
      if (local !== undefined) return local;
      const now = this.options.now();
      const bucket = this.bucketOf(ip, now);
      bucket.leasing ??= this.lease(ip, bucket, Math.floor(now / 60_000));
      if (!(await bucket.leasing)) return true;
    }
  }

  readonly middleware: RequestHandler = async (req, res, next) => {
    const admitted = await this.admit(req.ip ?? '');
    if (admitted !== true) {
      res.setHeader('Retry-After', String(admitted));
      res.status(429).json({ message: `Too many requests. Try again in ${admitted} seconds.` });
      return;
    }
    next();
  };

  private bucketOf(ip: string, now: number): Bucket {
    const window = Math.floor(now / 60_000);
    // A new minute: every address starts again (and last minute's buckets go).
    if (window !== this.window) {
      this.window = window;
      this.buckets = new Map();
    }
    let bucket = this.buckets.get(ip);
    if (!bucket) {
      bucket = { tokens: 0, lastLease: 0, knownTaken: 0, spent: false };
      this.buckets.set(ip, bucket);
    }
    return bucket;
  }

  /** Takes a lease from the window's count in Redis; false when Redis could not be asked. */
  private lease(ip: string, bucket: Bucket, window: number): Promise<boolean> {
    const { group, perMinute, logger } = this.options;
    const size = Math.min(
      MAX_LEASE,
      Math.max(1, Math.ceil((perMinute - bucket.knownTaken) / LEASE_SHARE)),
    );
    bucket.lastLease = size;
    this.store ??= new RateLimiterRedis({
      storeClient: this.options.redis,
      keyPrefix: 'rl',
      points: perMinute,
      duration: 61,
    });
    return this.store
      .consume(`${group}:${ip}:${window}`, size)
      .catch((refusal: unknown) => {
        // Over the limit: still the count, with the lease taken from it.
        if (refusal instanceof RateLimiterRes) return refusal;
        throw refusal;
      })
      .then(({ consumedPoints: taken }) => {
        // Granted: the part of this lease that was still under the limit.
        bucket.tokens += Math.max(0, Math.min(size, perMinute - (taken - size)));
        bucket.knownTaken = taken;
        if (taken >= perMinute) bucket.spent = true;
        return true;
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, group }, 'rate limit store unavailable');
        return false;
      })
      .finally(() => {
        bucket.leasing = undefined;
      });
  }
}

/** The limiter as middleware (see RateLimiter). */
export function rateLimit(options: RateLimiterOptions): RequestHandler {
  return new RateLimiter(options).middleware;
}
