import { bearer, dayOf } from '@ballmatch/platform';
import { eventually, perFile } from '@ballmatch/platform/testing';
import { newEvent } from '@ballmatch/proto';
import { startHarness } from './harness';

const h = perFile(() => startHarness({ TOP_CACHE_MS: '0' }));

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

  it('counts completed games from the ranked games the server finished, once each, by the day they ended', async () => {
    expect(await h.client.getPlayCount({})).toEqual({ completedPlayCount: 0 });
    // What a client reports is checked and answered, and counts nothing.
    expect(await h.client.recordCompletedGame(completed)).toEqual({ recorded: true });
    const games = [await h.newGame('Daily 1'), await h.newGame('Daily 2')];
    // Scores' "today" is the sessions service's (its clock times the games).
    h.clock.set(h.sessionsClock.now());
    const submittedOn = dayOf(h.clock.now());
    await h.submit(h.submission(games[0]!));
    await eventually(
      async () => expect(await h.client.getPlayCount({})).toEqual({ completedPlayCount: 2 }),
      { timeoutMs: 10_000 },
    );

    // A copy of a game's session.finished (another event id): the session is counted once. A
    // later game's event, counted after it, proves the copy was seen.
    const copy = newEvent('sessionFinished', {
      sessionId: games[0]!.sessionId,
      playerName: 'Daily 1',
      score: games[0]!.score,
      level: games[0]!.level,
      moves: games[0]!.moves,
      startedAt: new Date(0).toISOString(),
      finishedAt: h.clock.now().toISOString(),
      suspicious: false,
    });
    await h.bus.connection
      .jetstream()
      .publish(h.bus.subject(copy.subject), new TextEncoder().encode(JSON.stringify(copy.payload)));
    const third = await h.newGame('Daily 3');
    games.push(third);
    h.clock.set(h.sessionsClock.now());
    await eventually(
      async () =>
        expect(await h.db('finished_sessions').where({ session_id: third.sessionId })).toHaveLength(
          1,
        ),
      { timeoutMs: 10_000 },
    );
    expect(await h.client.getPlayCount({})).toEqual({ completedPlayCount: 3 });

    // Game time: from the session's start to the game's end, by the sessions service's times.
    const figures = await Promise.all(
      games.map(async (game) => {
        const started = (await h.sessionsAdmin.getSession({ id: game.sessionId })).session!;
        const held = await h.sessions.getSessionForScoring(
          { id: game.sessionId },
          { sessionCredential: game.credential },
        );
        return {
          day: held.finishedAt.slice(0, 10),
          seconds: (Date.parse(held.finishedAt) - Date.parse(started.createdAt)) / 1000,
        };
      }),
    );
    const { days } = await h.admin.dailyStats({ days: 3 });
    for (const day of days) {
      const mine = figures.filter((f) => f.day === day.date);
      const total = mine.reduce((sum, f) => sum + f.seconds, 0);
      expect(day).toMatchObject({
        completedGames: mine.length,
        avgGameTime: mine.length ? Math.round((total / mine.length) * 100) / 100 : 0,
        // Only the client knew these: no longer counted.
        completedWithAds: 0,
        adBlockerGames: 0,
        avgSessionTime: 0,
        avgPointsMultiplier: 0,
      });
    }
    expect(days.reduce((sum, d) => sum + d.completedGames, 0)).toBe(3);
    // On the day of the submission's clock reading: the later games may have taken the clock
    // past midnight.
    expect(days.find((d) => d.date === submittedOn)).toMatchObject({
      scoresSubmitted: 1,
      uniquePlayers: 1,
    });
    expect(days.reduce((sum, d) => sum + d.scoresSubmitted, 0)).toBe(1);
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
