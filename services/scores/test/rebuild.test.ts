import { perFile } from '@ballmatch/platform/testing';
import { ALL_TIME, boardKeys } from '../src/store/boards';
import { startHarness } from './harness';
import { openSeason } from './seasons-support';

// No in-process memo: every read below really comes from Redis (or its rebuild).
const h = perFile(() => startHarness({ TOP_CACHE_MS: '0' }));

describe('Redis boards are a rebuildable copy of PostgreSQL', () => {
  let weekIds: string[] = [];
  let seasonId = '';

  /** Everything the boards show. */
  async function snapshot() {
    const weekly = [];
    for (const weekId of weekIds) {
      weekly.push((await h.client.weeklyTop({ weekId, limit: 100 })).rows);
    }
    const ranks = [];
    for (const playerName of ['Tie 1', 'Tie 5', 'Long 2']) {
      ranks.push(await h.client.allTimeRank({ playerName, radius: 3 }));
      ranks.push(await h.client.weeklyRank({ weekId: weekIds[0]!, playerName, radius: 2 }));
    }
    return {
      allTime: (await h.client.topScores({ limit: 100 })).scores,
      top3: (await h.client.topScores({ limit: 3 })).scores,
      season: (await h.client.seasonTop({ seasonId, limit: 100 })).scores,
      weekly,
      ranks,
      high: await h.client.checkHighScore({ score: 3 }),
    };
  }

  it('orders ties by earlier submission and comes back identical after a flush', async () => {
    seasonId = (await openSeason(h, 'Rebuild season', '2050-01-03', '2050-02-01')).id; // a Monday
    // One-move games mostly score 3: ties. Some share a millisecond (then the order they were
    // stored in decides).
    for (let i = 0; i < 12; i++) {
      h.clock.set(new Date(Date.parse('2050-01-04T10:00:00.000Z') + Math.floor(i / 2)));
      const game = await h.newGame(`Tie ${i}`, { maxMoves: 1 });
      await h.submit(h.submission(game));
    }
    for (let i = 0; i < 6; i++) {
      h.clock.set(
        new Date(Date.parse(i < 3 ? '2050-01-05T10:00:00Z' : '2050-01-12T10:00:00Z') + i),
      );
      await h.submit(h.submission(await h.newGame(`Long ${i % 3}`)));
    }
    const weeks = (await h.client.listWeeks({})).weeks;
    weekIds = weeks
      .filter((w) => w.startDate.startsWith('2050-01'))
      .map((w) => w.id)
      .reverse(); // oldest first
    expect(weekIds).toHaveLength(2);

    const before = await snapshot();
    // Within each group of equal scores, earlier submissions come first.
    const groups = new Map<number, number[]>();
    for (const s of before.allTime) {
      groups.set(s.score, [...(groups.get(s.score) ?? []), Date.parse(s.createdAt)]);
    }
    expect(Math.max(...[...groups.values()].map((g) => g.length))).toBeGreaterThan(1);
    for (const times of groups.values()) expect(times).toEqual([...times].sort((a, b) => a - b));
    // Ranks of the weekly board follow totals.
    const totals = before.weekly[0]!.map((r) => r.totalScore);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    await h.flushRedis();
    expect(await h.redis.keys(`${h.env.REDIS_KEY_PREFIX}*`)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a flush in the middle of submissions and reads loses nothing', async () => {
    h.clock.set('2050-01-06T12:00:00.000Z');
    const games = await Promise.all(
      Array.from({ length: 12 }, (_, i) => h.newGame(`Busy ${i % 4}`)),
    );
    const work = games.map(async (game, i) => {
      if (i === 4) await h.flushRedis();
      await h.submit(h.submission(game));
      await h.client.topScores({ limit: 100 });
      await h.client.weeklyTop({ weekId: weekIds[0]!, limit: 100 });
    });
    await Promise.all(work);
    const live = await snapshot();
    expect(live.allTime.filter((s) => s.playerName.startsWith('Busy'))).toHaveLength(12);
    await h.flushRedis();
    expect(await snapshot()).toEqual(live);
  });

  it('answers top reads from PostgreSQL while Redis is unreachable', async () => {
    const expected = (await h.client.topScores({ limit: 5 })).scores;
    // A key of the wrong type makes every all-time read fail inside Redis.
    await h.flushRedis();
    await h.redis.set(boardKeys(ALL_TIME).z, 'not a sorted set');
    await h.redis.set(boardKeys(ALL_TIME).built, '1');
    expect((await h.client.topScores({ limit: 5 })).scores).toEqual(expected);
    await h.flushRedis();
  });
});
