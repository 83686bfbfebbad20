import { bearer } from '@ballmatch/platform';
import { startHarness, type ScoresHarness } from './harness';

let h: ScoresHarness;
beforeAll(async () => {
  h = await startHarness({ TOP_CACHE_MS: '0' });
});
afterAll(() => h.close());

const completed = {
  sessionTime: 300,
  gameTime: 120,
  hasAds: true,
  adIds: ['ad-1', 'ad-2'],
  adBlockerDetected: false,
  pointsMultiplier: 1,
};

describe('play statistics', () => {
  it('counts plays exactly, even many at once', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.client.incrementPlayCount({ hasAds: i % 2 === 0 })),
    );
    expect(counts.map((c) => c.playCount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('counts completed games and keeps daily figures for the admin', async () => {
    h.clock.set('2060-05-01T23:59:59.000Z');
    expect(await h.client.getPlayCount({})).toEqual({ completedPlayCount: 0 });
    await h.client.recordCompletedGame(completed);
    await h.client.recordCompletedGame({
      ...completed,
      gameTime: 60,
      hasAds: false,
      adBlockerDetected: true,
      pointsMultiplier: 0.1,
    });
    await h.client.incrementPlayCount({ hasAds: false });
    await h.submit(h.submission(await h.newGame('Daily')));
    h.clock.set('2060-05-02T00:00:00.000Z');
    await h.client.recordCompletedGame(completed);
    expect(await h.client.getPlayCount({})).toEqual({ completedPlayCount: 3 });

    const { days } = await h.admin.dailyStats({ days: 3 });
    expect(days.map((d) => d.date)).toEqual(['2060-05-02', '2060-05-01', '2060-04-30']);
    expect(days[1]).toEqual({
      date: '2060-05-01',
      plays: 1,
      playsWithAds: 0,
      completedGames: 2,
      completedWithAds: 1,
      adBlockerGames: 1,
      avgGameTime: 90,
      avgSessionTime: 300,
      avgPointsMultiplier: 0.55,
      scoresSubmitted: 1,
      uniquePlayers: 1,
    });
    expect(days[2]).toMatchObject({ plays: 0, completedGames: 0, scoresSubmitted: 0 });
    await expect(
      h.adminClientAs(bearer(h.playerToken)).dailyStats({ days: 3 }),
    ).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    h.clock.real();
  });

  it.each([
    [{ gameTime: -1 }, 'gameTime must be a number of seconds, 0 or more'],
    [{ sessionTime: Number.NaN }, 'sessionTime must be a number of seconds, 0 or more'],
    [{ pointsMultiplier: 11 }, 'pointsMultiplier must be a number from 0 to 10'],
    [{ adIds: Array.from({ length: 51 }, (_, i) => `a${i}`) }, 'adIds must list at most 50 ids'],
  ])('refuses %j', async (override, message) => {
    await expect(h.client.recordCompletedGame({ ...completed, ...override })).rejects.toMatchObject(
      {
        code: 'INVALID_ARGUMENT',
        message,
      },
    );
  });
});
