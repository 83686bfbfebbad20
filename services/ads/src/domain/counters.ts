import { randomUUID } from 'node:crypto';
import { AppError, type Knex, type Logger, type Redis } from '@ballmatch/platform';
import {
  applyBatch,
  BATCHES_KEY,
  batchKey,
  COUNTS_KEY,
  parseBatch,
  pruneFlushedBatches,
  readAdDays,
  readIconDays,
  readTotalsByAd,
  withCounterScripts,
  type AdDay,
  utcDay,
  type IconDay,
} from '../store/counters';

export interface CounterFlush {
  /** Moves what Redis counted into a batch and applies every pending batch to PostgreSQL. */
  flush(): Promise<void>;
  /** Stops the timer and flushes one last time. */
  stop(): Promise<void>;
}

/**
 * Flushes the Redis counters to PostgreSQL every `intervalMs`.
 *
 * 1. One Lua script moves every count into a new batch hash (subtracting what it moved, so an
 *    increment arriving meanwhile stays for the next flush) and records the batch's id.
 * 2. Every recorded batch, including one a crash left behind (here or in another replica), is
 *    applied in one PostgreSQL transaction that first records its id: a batch applied before
 *    adds nothing.
 * 3. The batch is deleted from Redis.
 *
 * What a crash can lose: nothing. A crash after 1 leaves the batch in Redis for the next flush;
 * after 2 the batch is applied and its id known, so the next flush only deletes it. Only Redis
 * losing its own data loses counts: what it held unflushed (up to one interval) and batches not
 * yet applied.
 */
export function startCounterFlush(deps: {
  redis: Redis;
  db: Knex;
  logger: Logger;
  intervalMs: number;
}): CounterFlush {
  const { db, logger } = deps;
  const redis = withCounterScripts(deps.redis);

  async function applyPending(): Promise<void> {
    for (const id of await redis.smembers(BATCHES_KEY)) {
      const fields = await redis.hgetall(batchKey(id));
      // Empty: another replica applied and deleted it between the two reads.
      if (Object.keys(fields).length > 0) {
        const rows = parseBatch(fields);
        if (rows.skipped.length > 0) {
          logger.error(
            { batchId: id, fields: rows.skipped },
            'ads counters: unknown fields dropped',
          );
        }
        await applyBatch(db, id, rows);
      }
      await redis.multi().del(batchKey(id)).srem(BATCHES_KEY, id).exec();
    }
  }

  async function flushOnce(): Promise<void> {
    const id = randomUUID();
    await redis.adsMoveCounts(COUNTS_KEY, batchKey(id), BATCHES_KEY, id);
    await applyPending();
    await pruneFlushedBatches(db);
  }

  // One flush at a time in this process; a call during one waits for it and runs again.
  let chain: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const run = chain.then(flushOnce);
    chain = run.catch(() => undefined);
    return run;
  };

  const timer = setInterval(() => {
    flush().catch((error: unknown) => logger.warn({ err: error }, 'ads counters: flush failed'));
  }, deps.intervalMs);
  timer.unref();

  return {
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** A real calendar day (not 2026-02-31, which PostgreSQL would refuse with a 500). */
function checkDay(value: string, field: string): string {
  const at = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(at.getTime()) || utcDay(at) !== value) {
    throw new AppError('INVALID_ARGUMENT', `${field} must be a date (YYYY-MM-DD)`, { field });
  }
  return value;
}

export interface CounterReads {
  /** Every flushed impression and click of these ads (an ad with none is absent). */
  totalsByAd(adIds: string[]): Promise<Map<string, { impressions: number; clicks: number }>>;
  /** Daily rows from `from` to `to` inclusive (YYYY-MM-DD, UTC days). */
  adDays(from: string, to: string): Promise<AdDay[]>;
  iconDays(from: string, to: string): Promise<IconDay[]>;
}

/** What the advertisers' and admins' pages show: PostgreSQL's rows (at most a flush behind). */
export function createCounterReads(db: Knex): CounterReads {
  return {
    async totalsByAd(adIds) {
      const rows = await readTotalsByAd(db, adIds);
      return new Map(rows.map((r) => [r.adId, { impressions: r.impressions, clicks: r.clicks }]));
    },
    adDays: async (from, to) => readAdDays(db, checkDay(from, 'from'), checkDay(to, 'to')),
    iconDays: async (from, to) => readIconDays(db, checkDay(from, 'from'), checkDay(to, 'to')),
  };
}
