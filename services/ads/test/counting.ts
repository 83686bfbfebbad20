import {
  connectRedis,
  createKnex,
  createLogger,
  migrateLatest,
  type Knex,
  type Redis,
} from '@ballmatch/platform';
import { createTestDatabase, testRedisPrefix, TestClock } from '@ballmatch/platform/testing';
import { createCounterReads, startCounterFlush } from '../src/domain/counters';
import { createOffers } from '../src/domain/offers';
import type { ServedAd, ServingSource } from '../src/domain/serving';
import * as counters from '../src/migrations/003_counters';

/** What the fake serving source answers; tests change it as ads start and end. */
export interface Running {
  ballAds: ServedAd[];
  iconColors: string[];
  banner: ServedAd | null;
}

/**
 * The offers and counters modules on a real database (the counters migration) and Redis (a
 * prefix of this run's own), with a test clock and a serving source the test sets.
 */
export async function startCounting() {
  const database = await createTestDatabase('ads');
  const db: Knex = createKnex({ url: database.url, schema: 'ads' });
  await migrateLatest(db, 'ads', { '003_counters': counters });
  const prefix = testRedisPrefix();
  const redis: Redis = await connectRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: prefix });
  const clock = new TestClock();
  clock.set('2026-11-24T12:00:00.000Z');
  const running: Running = { ballAds: [], iconColors: [], banner: null };
  const serving: ServingSource = {
    activeBallAds: async () => running.ballAds,
    iconColors: async () => running.iconColors,
    banner: async () => running.banner,
    destinationOf: async (adId) =>
      [...running.ballAds, ...(running.banner ? [running.banner] : [])].find((a) => a.id === adId)
        ?.destinationUrl ?? null,
  };
  const logger = createLogger('ads-test', 'silent');
  const flushers: { stop(): Promise<void> }[] = [];

  return {
    db,
    redis,
    clock,
    running,
    offers: (offerTtlMs = 2 * 3600_000, frequencyCaps: 'on' | 'off' = 'on') =>
      createOffers({ redis, db, serving, now: clock.now, offerTtlMs, frequencyCaps }),
    /** A flusher whose timer never fires during a test: the test calls flush(). */
    flusher() {
      const flusher = startCounterFlush({ redis, db, logger, intervalMs: 3600_000 });
      flushers.push(flusher);
      return flusher;
    },
    reads: createCounterReads(db),
    /** This run's Redis keys, without the prefix. */
    async keys(pattern = '*'): Promise<string[]> {
      return (await redis.keys(`${prefix}${pattern}`)).map((k) => k.slice(prefix.length));
    },
    async close() {
      for (const flusher of flushers) await flusher.stop().catch(() => undefined);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
      redis.disconnect();
      await db.destroy();
      await database.drop();
    },
  };
}

export type Counting = Awaited<ReturnType<typeof startCounting>>;

/** The counting modules, started before the file's tests and closed after them. */
export function useCounting(): Counting {
  const h = {} as Counting;
  beforeAll(async () => {
    Object.assign(h, await startCounting());
  });
  afterAll(() => h.close());
  return h;
}

let adCount = 0;

/** A running ad as the serving source hands it over. */
export function servedAd(color: string): ServedAd {
  adCount += 1;
  const id = `00000000-0000-4000-8000-${String(adCount).padStart(12, '0')}`;
  return {
    id,
    color,
    imageUrl: `/api/media/${id}.webp`,
    destinationUrl: `https://example.com/${adCount}`,
  };
}
