import { entryFromCode, replay } from '@ballmatch/engine';
import type { scoresV1 } from '@ballmatch/proto';
import { startHarness, type Game, type ScoresHarness } from './harness';

let h: ScoresHarness;
/** A submission without the game's result, as older clients send it: read from sessions. */
const readFromSessions = (game: Game, override: Partial<scoresV1.SubmitScoreRequest> = {}) =>
  h.submission(game, { result: '', ...override });
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.clock.real());

describe('verified submission', () => {
  it("accepts a finished server-held game, with the game's figures", async () => {
    const game = await h.newGame('Ann');
    const answer = await h.submitScore(h.submission(game));
    expect(answer).toMatchObject({ reviewState: 'accepted', message: '' });
    const score = answer.score!;
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

  it("refuses a score or level other than the game's, saying what disagreed (422)", async () => {
    const game = await h.newGame();
    await expect(h.submit(h.submission(game, { score: game.score + 1 }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: `Score does not match the game: claimed ${game.score + 1} points, the game scored ${game.score}`,
      details: { field: 'score' },
    });
    await expect(h.submit(h.submission(game, { level: game.level + 1 }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: `Score does not match the game: claimed level ${game.level + 1}, the game reached level ${game.level}`,
      details: { field: 'level' },
    });
    // The honest claim still goes through afterwards.
    await expect(h.submit(h.submission(game))).resolves.toMatchObject({
      score: game.score,
    });
  });

  it('refuses a game still being played (422); once finished, it goes through', async () => {
    const game = await h.newGame('Eager', { maxMoves: 3, finish: false });
    expect(game.status).not.toBe('ended');
    await expect(h.submit(h.submission(game))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'Finish the game before submitting its score',
      details: { field: 'sessionId' },
    });
    await h.sessions.endSession({ id: game.sessionId }, { sessionCredential: game.credential });
    await expect(h.submit(h.submission(game))).resolves.toMatchObject({ score: game.score });
  });

  it('keeps the action log replayable: the seed and the server times replay to the stored score', async () => {
    const game = await h.newGame('Audit');
    const score = await h.submit(h.submission(game));
    const held = await h.sessions.getSessionForScoring(
      { id: game.sessionId },
      { sessionCredential: game.credential },
    );
    const log = held.actionCodes.map((code, i) => entryFromCode(code, held.actionTimes[i]!));
    const replayed = replay(held.seed, log);
    expect(replayed.ok && [replayed.score, replayed.level, replayed.moves]).toEqual([
      score.score,
      score.level,
      score.moves,
    ]);
    // The timing analysis of those server times goes with the score: a person's pace, no flag.
    const [stored] = await h.db('scores').where({ id: score.id }).select('timing_flags');
    expect(stored.timing_flags).toEqual([]);
  });

  it("without its result (older clients): the game is read from sessions, the page's move count ignored", async () => {
    const game = await h.newGame('Reader');
    const answer = await h.submitScore(h.submission(game, { result: '', moves: 999 }));
    expect(answer).toMatchObject({
      reviewState: 'accepted',
      score: { playerName: 'Reader', score: game.score, level: game.level, moves: game.moves },
    });
  });

  it("without a result, another player's session is the sessions service's 403, and tells nothing of its score", async () => {
    const game = await h.newGame('Owner');
    const someoneElse = await h.newGame('Thief');
    const refusal = {
      code: 'PERMISSION_DENIED',
      message: 'This session belongs to another player',
    };
    // Without the session's credential, or with another session's.
    await expect(h.submit(readFromSessions(game), { sessionCredential: '' })).rejects.toMatchObject(
      refusal,
    );
    await expect(
      h.submit(readFromSessions(game, { playerName: 'Thief' }), {
        sessionCredential: someoneElse.credential,
      }),
    ).rejects.toMatchObject(refusal);
    // Once the owner has stored it, a stranger still gets the refusal, not the stored score.
    await h.submit(readFromSessions(game));
    await expect(
      h.submit(readFromSessions(game), { sessionCredential: someoneElse.credential }),
    ).rejects.toMatchObject(refusal);
    // Also when their request fails before the game is read (a season that is not running, or
    // unknown): the stored score is answered only to its owner.
    const ahead = (
      await h.admin.createSeason({
        name: 'Not yet',
        startDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        endDate: new Date(Date.now() + 31 * 86_400_000).toISOString(),
      })
    ).season!;
    for (const seasonId of [ahead.id, '00000000-0000-4000-8000-000000000000']) {
      for (const sessionCredential of [someoneElse.credential, '']) {
        await expect(
          h.submit(readFromSessions(game, { seasonId }), { sessionCredential }),
        ).rejects.toMatchObject(refusal);
      }
      await expect(h.submit(readFromSessions(game, { seasonId }))).resolves.toMatchObject({
        score: game.score,
      });
    }
  });

  it('answers 422 without a session, or for an unknown one', async () => {
    const game = await h.newGame();
    await expect(h.submit(readFromSessions(game, { sessionId: '' }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'sessionId is required',
    });
    await expect(
      h.submit(readFromSessions(game, { sessionId: '00000000-0000-4000-8000-000000000000' })),
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

  it('trims the name and accepts 20 characters of scripts a name may mix', async () => {
    const game = await h.newGame();
    const name = 'Élodie漢字さくらÉlodie漢字a';
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
      // Held from here (the season has begun): the week read as active is the one the scores
      // count in.
      h.clock.set(Date.now());
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
});
