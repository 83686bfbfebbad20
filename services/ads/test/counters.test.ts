import { connectRedis, type Redis } from '@ballmatch/platform';
import {
  applyBatch,
  BATCHES_KEY,
  batchKey,
  COUNTS_KEY,
  parseBatch,
  withCounterScripts,
} from '../src/store/counters';
import { servedAd, useCounting } from './counting';

const DAY = '2026-11-24';

const h = useCounting();

beforeEach(async () => {
  const keys = await h.keys();
  if (keys.length) await h.redis.del(...keys);
  await h.db.raw('TRUNCATE ad_daily_stats, icon_daily_stats, flushed_batches');
});

const flushed = async (adId: string) =>
  (await h.reads.totalsByAd([adId])).get(adId) ?? { impressions: 0, clicks: 0 };

describe('counter flush', () => {
  it('loses no increment that races it, and a final flush brings them all', async () => {
    const adId = servedAd('red').id;
    const field = `imp:ad:${adId}:${DAY}`;
    // Increments through connections of their own, as other replicas would send them.
    const counters: Redis[] = await Promise.all(
      [0, 1, 2, 3].map(() =>
        connectRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: h.redis.options.keyPrefix! }),
      ),
    );
    const flusher = h.flusher();
    try {
      let incrementing = true;
      // 4 × 250 increments, each connection sending one after another while flushes run.
      const increments = Promise.all(
        counters.map(async (counter) => {
          for (let i = 0; i < 250; i++) await counter.hincrby(COUNTS_KEY, field, 1);
        }),
      ).finally(() => (incrementing = false));
      let flushes = 0;
      const flushing = (async () => {
        while (incrementing) {
          await flusher.flush();
          flushes += 1;
        }
      })();
      await Promise.all([increments, flushing]);
      expect(flushes).toBeGreaterThan(0);

      const left = Number((await h.redis.hget(COUNTS_KEY, field)) ?? 0);
      expect((await flushed(adId)).impressions + left).toBe(1000);
      await flusher.flush();
      expect(await flushed(adId)).toEqual({ impressions: 1000, clicks: 0 });
      expect(await h.redis.hgetall(COUNTS_KEY)).toEqual({});
      expect(await h.keys('ads:batch*')).toEqual([]);
    } finally {
      counters.forEach((c) => c.disconnect());
    }
  });

  it('applies a batch a crash left in Redis once, at the next flush', async () => {
    const adId = servedAd('red').id;
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${adId}:${DAY}`, 7);
    await h.redis.hincrby(COUNTS_KEY, `clk:ad:${adId}:${DAY}`, 2);
    await h.redis.hincrby(COUNTS_KEY, `imp:icon:green:${DAY}`, 3);

    // Crash after the move: the batch is in Redis, nothing in PostgreSQL.
    const moved = await withCounterScripts(h.redis).adsMoveCounts(
      COUNTS_KEY,
      batchKey('left-behind'),
      BATCHES_KEY,
      'left-behind',
    );
    expect(moved).toBe(3);
    expect(await h.redis.smembers(BATCHES_KEY)).toEqual(['left-behind']);
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${adId}:${DAY}`, 1);

    // Two replicas flush at once: each sees the batch; it is applied once.
    await Promise.all([h.flusher().flush(), h.flusher().flush()]);
    expect(await flushed(adId)).toEqual({ impressions: 8, clicks: 2 });
    expect(await h.reads.iconDays(DAY, DAY)).toEqual([
      { color: 'green', day: DAY, impressions: 3 },
    ]);
    expect(await h.redis.smembers(BATCHES_KEY)).toEqual([]);
    expect(await h.keys('ads:batch*')).toEqual([]);
  });

  it('does not apply again a batch a crash left in Redis after it was written', async () => {
    const adId = servedAd('red').id;
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${adId}:${DAY}`, 5);
    await withCounterScripts(h.redis).adsMoveCounts(
      COUNTS_KEY,
      batchKey('written'),
      BATCHES_KEY,
      'written',
    );
    // Crash after the transaction, before the batch was deleted from Redis.
    expect(
      await applyBatch(h.db, 'written', parseBatch(await h.redis.hgetall(batchKey('written')))),
    ).toBe(true);

    await h.flusher().flush();
    expect(await flushed(adId)).toEqual({ impressions: 5, clicks: 0 });
    expect(await h.redis.smembers(BATCHES_KEY)).toEqual([]);
  });

  it('makes no batch when nothing was counted, and stop() flushes a last time', async () => {
    const flusher = h.flusher();
    await flusher.flush();
    expect(await h.db('flushed_batches').count({ n: '*' })).toEqual([{ n: '0' }]);

    const adId = servedAd('red').id;
    await h.redis.hincrby(COUNTS_KEY, `clk:ad:${adId}:${DAY}`, 4);
    await flusher.stop();
    expect(await flushed(adId)).toEqual({ impressions: 0, clicks: 4 });
  });

  it('drops a field it cannot read instead of stopping every later flush', async () => {
    const adId = servedAd('red').id;
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${adId}:${DAY}`, 1);
    await h.redis.hincrby(COUNTS_KEY, 'imp:ad:not-a-uuid:2026-11-24', 1);
    await h.redis.hincrby(COUNTS_KEY, 'something-else', 1);
    await h.flusher().flush();
    expect(await flushed(adId)).toEqual({ impressions: 1, clicks: 0 });
    expect(await h.redis.smembers(BATCHES_KEY)).toEqual([]);
  });
});

describe('counter reads', () => {
  it('answer totals by ad and daily rows in a range of UTC days', async () => {
    const a = servedAd('red').id;
    const b = servedAd('blue').id;
    const flusher = h.flusher();
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${a}:2026-11-23`, 10);
    await h.redis.hincrby(COUNTS_KEY, `clk:ad:${a}:2026-11-23`, 1);
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${a}:${DAY}`, 5);
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${b}:2026-11-25`, 2);
    await h.redis.hincrby(COUNTS_KEY, `imp:icon:red:2026-11-23`, 4);
    await flusher.flush();
    // A second batch adds to the same rows.
    await h.redis.hincrby(COUNTS_KEY, `imp:ad:${a}:${DAY}`, 1);
    await flusher.flush();

    const totals = await h.reads.totalsByAd([a, b, servedAd('green').id, 'not-a-uuid']);
    expect([...totals.entries()].sort()).toEqual(
      [
        [a, { impressions: 16, clicks: 1 }],
        [b, { impressions: 2, clicks: 0 }],
      ].sort(),
    );
    expect(await h.reads.totalsByAd([])).toEqual(new Map());
    expect(await h.reads.adDays('2026-11-23', DAY)).toEqual([
      { adId: a, day: '2026-11-23', impressions: 10, clicks: 1 },
      { adId: a, day: DAY, impressions: 6, clicks: 0 },
    ]);
    expect(await h.reads.iconDays('2026-11-24', '2026-11-30')).toEqual([]);
    expect(await h.reads.iconDays('2026-11-01', '2026-11-30')).toEqual([
      { color: 'red', day: '2026-11-23', impressions: 4 },
    ]);
    await expect(h.reads.adDays('2026-02-31', DAY)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'from' },
    });
    await expect(h.reads.iconDays(DAY, 'tomorrow')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'to' },
    });
  });
});
