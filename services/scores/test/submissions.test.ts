import { startHarness, type ScoresHarness } from './harness';

let h: ScoresHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('verified submission', () => {
  it("accepts a real game played with the engine, with the replay's figures", async () => {
    const game = await h.newGame('Ann');
    const score = await h.submit(h.submission(game, { moves: 999 }));
    expect(score).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      playerName: 'Ann',
      score: game.score,
      level: game.level,
      moves: game.moves,
      createdAt: expect.any(String),
    });
    const top = await h.client.topScores({ limit: 10 });
    expect(top.scores).toContainEqual(score);
  });

  it('refuses the same log with a score one point higher, saying what disagreed (422)', async () => {
    const game = await h.newGame();
    await expect(h.submit(h.submission(game, { score: game.score + 1 }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: `Score does not match the game: claimed ${game.score + 1}, replay gives ${game.score}`,
      details: { field: 'score' },
    });
    await expect(h.submit(h.submission(game, { level: game.level + 1 }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: `Level does not match the game: claimed ${game.level + 1}, replay gives ${game.level}`,
    });
    // The honest claim still goes through afterwards.
    await expect(h.submit(h.submission(game))).resolves.toMatchObject({
      score: game.score,
    });
  });

  it('refuses a log played on another seed, naming the first impossible entry', async () => {
    const game = await h.newGame();
    const other = await h.newGame();
    await expect(
      h.submit(h.submission(game, { gameLog: other.gameLog, score: other.score })),
    ).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: expect.stringMatching(/^The game log is not a possible game: entry \d+: /),
      details: { field: 'gameLog' },
    });
  });

  it("answers 400 with the engine's message for a malformed log, 422 without a log or session", async () => {
    const game = await h.newGame();
    await expect(
      h.submit(h.submission(game, { gameLog: '{"v":1,"t0":0,"e":[[999,0]]}' })),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'Invalid game log: e[0][0] (action) must be a whole number from 0 to 193',
    });
    await expect(h.submit(h.submission(game, { gameLog: 'not json' }))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'Invalid game log: not valid JSON',
    });
    await expect(h.submit(h.submission(game, { gameLog: '' }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'A game log is required to verify the score',
    });
    await expect(h.submit(h.submission(game, { sessionId: '' }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'sessionId is required',
    });
    await expect(
      h.submit(h.submission(game, { sessionId: '00000000-0000-4000-8000-000000000000' })),
    ).rejects.toMatchObject({ code: 'FAILED_PRECONDITION', message: 'Session not found' });
  });

  it.each([
    ['', 'Player name is required'],
    ['   ', 'Player name is required'],
    ['x'.repeat(21), 'Player name must be at most 20 characters'],
    ['bad\u0007name', 'Player name must not contain invisible, control or formatting characters'],
    ['evil\u202ename', 'Player name must not contain invisible, control or formatting characters'],
    ['\u200b', 'Player name must not contain invisible, control or formatting characters'],
    ['\u2800', 'Player name must not contain invisible, control or formatting characters'],
    ['\u3164', 'Player name must not contain invisible, control or formatting characters'],
    ['An\u200bn', 'Player name must not contain invisible, control or formatting characters'],
    ['Ann\ue000', 'Player name must not contain private-use or unassigned characters'],
    ['-_-', 'Player name must contain at least one letter or digit'],
  ])('refuses the player name %j', async (playerName, message) => {
    const game = await h.newGame();
    await expect(h.submit(h.submission(game, { playerName }))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
      details: { field: 'playerName' },
    });
  });

  it('trims the name and accepts 20 characters of any script', async () => {
    const game = await h.newGame();
    const name = 'ÉlodieΩ漢字ÉlodieΩ漢字ab';
    expect([...name]).toHaveLength(20);
    const score = await h.submit(h.submission(game, { playerName: `  ${name} ` }));
    expect(score.playerName).toBe(name);
  });

  it('is idempotent per session: a retry answers exactly as the first did', async () => {
    const game = await h.newGame('Retry');
    const first = await h.submit(h.submission(game));
    const again = await h.submit(h.submission(game));
    expect(again).toEqual(first);
    // Even a retry whose own checks would now fail gets the stored answer.
    const season = await h.submit(
      h.submission(game, { seasonId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(season).toEqual(first);
  });

  it('the same game sent three times to each of the three endpoints at once: one row on every board', async () => {
    const game = await h.newGame('Trio');
    const seasonStart = new Date(Date.now() - 1000).toISOString();
    const season = (
      await h.admin.createSeason({
        name: 'Concurrency season',
        startDate: seasonStart,
        endDate: new Date(Date.now() + 3600_000).toISOString(),
      })
    ).season!;
    try {
      const week = (await h.client.activeWeek({})).week!;
      // All-time and weekly submissions carry no season; the seasonal one names its season.
      const requests = [{}, {}, { seasonId: season.id }].flatMap((extra) =>
        Array.from({ length: 3 }, () => h.submit(h.submission(game, extra))),
      );
      const answers = await Promise.all(requests);
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);

      const rows = await h.db('scores').where({ session_id: game.sessionId });
      expect(rows).toHaveLength(1);
      expect(rows[0].season_id).toBe(season.id);
      const allTime = (await h.client.topScores({ limit: 100 })).scores.filter(
        (s) => s.playerName === 'Trio',
      );
      expect(allTime).toHaveLength(1);
      const weekly = (await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows.filter(
        (r) => r.playerName === 'Trio',
      );
      expect(weekly).toEqual([
        expect.objectContaining({
          gamesPlayed: 1,
          totalScore: game.score,
          highestLevel: game.level,
        }),
      ]);
      const seasonal = (await h.client.seasonTop({ seasonId: season.id, limit: 100 })).scores;
      expect(seasonal.filter((s) => s.playerName === 'Trio')).toHaveLength(1);
    } finally {
      await h.admin.endSeason({ id: season.id });
    }
  });

  it('refuses a session that is already scored with another game only by answering the first', async () => {
    const game = await h.newGame('Owner');
    const first = await h.submit(h.submission(game));
    const other = await h.newGame('Owner');
    const replayed = await h.submit(h.submission(other, { sessionId: game.sessionId }));
    expect(replayed).toEqual(first);
  });
});
