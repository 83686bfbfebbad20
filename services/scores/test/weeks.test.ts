import { weekEnd, weekName, weekStart } from '../src/domain/weeks';
import { startHarness, type ScoresHarness } from './harness';

describe('week arithmetic (UTC)', () => {
  it.each([
    ['2026-11-16T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['2026-11-22T23:59:59.999Z', '2026-11-16T00:00:00.000Z'],
    ['2026-11-23T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['2026-11-19T12:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['2027-01-01T05:00:00.000Z', '2026-12-28T00:00:00.000Z'],
  ])('%s is in the week of %s', (at, monday) => {
    expect(weekStart(new Date(at)).toISOString()).toBe(monday);
  });

  it('names a week after its Monday and ends it the next Monday', () => {
    const start = new Date('2026-11-16T00:00:00.000Z');
    expect(weekName(start)).toBe('Week of Nov 16, 2026');
    expect(weekEnd(start).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('weekly boards', () => {
  let h: ScoresHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('a score at Sunday 23:59:59.999 UTC and one at Monday 00:00 land in different weeks', async () => {
    const sunday = await h.newGame('Edge');
    const monday = await h.newGame('Edge');
    h.clock.set('2026-11-22T23:59:59.999Z');
    const late = await h.submit(h.submission(sunday));
    const oldWeek = (await h.client.activeWeek({})).week!;
    h.clock.set('2026-11-23T00:00:00.000Z');
    const early = await h.submit(h.submission(monday));
    const newWeek = (await h.client.activeWeek({})).week!;

    expect(late.createdAt).toBe('2026-11-22T23:59:59.999Z');
    expect(early.createdAt).toBe('2026-11-23T00:00:00.000Z');
    expect(oldWeek).toMatchObject({
      name: 'Week of Nov 16, 2026',
      startDate: '2026-11-16T00:00:00.000Z',
      endDate: '2026-11-23T00:00:00.000Z',
    });
    expect(newWeek).toMatchObject({
      name: 'Week of Nov 23, 2026',
      isActive: true,
      startDate: '2026-11-23T00:00:00.000Z',
    });
    expect((await h.client.weeklyTop({ weekId: oldWeek.id, limit: 10 })).rows).toEqual([
      expect.objectContaining({ playerName: 'Edge', totalScore: sunday.score, gamesPlayed: 1 }),
    ]);
    expect((await h.client.weeklyTop({ weekId: newWeek.id, limit: 10 })).rows).toEqual([
      expect.objectContaining({ playerName: 'Edge', totalScore: monday.score, gamesPlayed: 1 }),
    ]);

    // Newest first; the past week is no longer active and stays readable.
    const { weeks } = await h.client.listWeeks({});
    expect(weeks.slice(0, 2).map((w) => [w.name, w.isActive])).toEqual([
      ['Week of Nov 23, 2026', true],
      ['Week of Nov 16, 2026', false],
    ]);
    await h.flushRedis();
    expect((await h.client.weeklyTop({ weekId: oldWeek.id, limit: 10 })).rows).toHaveLength(1);
    h.clock.real();
  });

  it("adds up a player's week: total, games, average, highest level and share of the total", async () => {
    h.clock.set('2030-03-06T10:00:00.000Z');
    const games = [await h.newGame('Sum'), await h.newGame('sum'), await h.newGame('Other')];
    for (const g of games) await h.submit(h.submission(g));
    const week = (await h.client.activeWeek({})).week!;
    expect(week.name).toBe('Week of Mar 4, 2030');
    const { rows } = await h.client.weeklyTop({ weekId: week.id, limit: 10 });
    const sum = games[0]!.score + games[1]!.score;
    const grand = sum + games[2]!.score;
    const mine = rows.find((r) => r.playerName === 'sum')!; // the latest spelling is shown
    expect(mine).toMatchObject({
      totalScore: sum,
      gamesPlayed: 2,
      avgScore: Math.round((sum / 2) * 100) / 100,
      highestLevel: Math.max(games[0]!.level, games[1]!.level),
      percentOfTotal: Math.round((sum / grand) * 10000) / 100,
    });
    expect(rows.map((r) => r.totalScore)).toEqual(
      [...rows.map((r) => r.totalScore)].sort((a, b) => b - a),
    );
    const rank = await h.client.weeklyRank({ weekId: week.id, playerName: 'SUM', radius: 0 });
    expect(rank.entry!.row!.totalScore).toBe(sum);
    h.clock.real();
  });

  it('answers NOT_FOUND for an unknown or malformed week id', async () => {
    for (const weekId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      await expect(h.client.weeklyTop({ weekId, limit: 10 })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Weekly leaderboard not found',
      });
    }
  });

  it('makes the week board once when replicas race for it', async () => {
    h.clock.set('2031-05-07T10:00:00.000Z');
    const weeks = await Promise.all(Array.from({ length: 8 }, () => h.client.activeWeek({})));
    expect(new Set(weeks.map((w) => w.week!.id)).size).toBe(1);
    const rows = await h.db('weekly_leaderboards').where({ name: 'Week of May 5, 2031' });
    expect(rows).toHaveLength(1);
    h.clock.real();
  });
});
