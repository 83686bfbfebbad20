import { greedySwap } from '@ballmatch/kit';
import { eventually, TestClock } from '@ballmatch/platform/testing';
import { signedInAdmin, signedInPlayer } from './ads-support';
import { claimOf, playRankedGame, type RankedGame } from './ranked-game';
import { client, stackPerFile } from './stack';

/** A clock the test can stop at a week's last millisecond; real time otherwise. */
let fixed: Date | null = null;
const clock = () => (fixed ? new Date(fixed) : new Date());
/** The sessions service's clock: each game's actions are timed on it (moved forwards only). */
const sessionsClock = new TestClock();
sessionsClock.set(Date.now());

// Every game is played action by action over HTTP: more requests than a minute's allowance.
const stack = stackPerFile(
  { RATE_LIMIT_API_PER_MINUTE: '100000' },
  { scoresClock: clock, sessionsClock: sessionsClock.now },
);
afterEach(() => {
  fixed = null;
});

type Json = Record<string, unknown>;

/** Games of this file that ended (the completed-game statistics count them). */
let finished = 0;

/** A ranked game played over HTTP to its end (or `maxMoves` swaps), at a person's pace. */
async function newGame(
  playerName: string,
  options: Parameters<typeof playRankedGame>[3] = {},
): Promise<RankedGame> {
  const game = await playRankedGame(stack.url, sessionsClock, playerName, options);
  if (game.status === 'ended') finished += 1;
  return game;
}

/** The stored score of a submitted game, as the API answers it. */
const scoreOf = (game: RankedGame) => ({
  id: expect.any(String),
  playerName: game.playerName,
  score: game.score,
  level: game.level,
  moves: game.moves,
  createdAt: expect.any(String),
});

/** Posts a game's claim with its session's credential, as the browser that played it. */
const submit = (path: string, game: RankedGame, override: Record<string, unknown> = {}) =>
  client(stack.url).post(path, claimOf(game, override), game.owner);

const admin = () => signedInAdmin(stack.url);

describe('scores over HTTP', () => {
  it('a finished ranked game is accepted, and shows on the all-time and weekly boards', async () => {
    // The week the score counts in and the one read as active are the scores clock's: held, so
    // a Monday 00:00 UTC cannot come between them.
    fixed = new Date();
    const game = await newGame('Http Ann');
    const res = await submit('/api/scores', game);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...scoreOf(game), reviewState: 'accepted' });
    const { reviewState: _state, ...score } = res.json;
    const top = await client(stack.url).get('/api/scores/top?limit=10');
    expect(top.json).toContainEqual(score);
    const week = (await client(stack.url).get('/api/weekly-leaderboards/active')).json;
    expect(week).toMatchObject({ isActive: true, name: expect.stringMatching(/^Week of /) });
    const weekly = await client(stack.url).get(`/api/weekly-leaderboards/${week.id}/top-scores`);
    expect(weekly.json).toEqual([
      {
        id: expect.any(String),
        playerName: 'Http Ann',
        totalScore: game.score,
        gamesPlayed: 1,
        avgScore: game.score,
        highestLevel: game.level,
        percentOfTotal: 100,
      },
    ]);
    const rank = await client(stack.url).get('/api/scores/rank?playerName=http%20ann');
    expect(rank.json).toMatchObject({ rank: 1, entry: { rank: 1, id: res.json.id } });
    const weeklyRank = await client(stack.url).get(
      `/api/weekly-leaderboards/${week.id}/rank?playerName=Http%20Ann`,
    );
    expect(weeklyRank.json).toMatchObject({ rank: 1, entry: { rank: 1, totalScore: game.score } });
    expect((await client(stack.url).get('/api/scores/rank?playerName=Nobody')).status).toBe(404);
    const high = await client(stack.url).get(`/api/scores/check-high-score?score=1`);
    expect(high.json).toEqual({ isHighScore: true });
  });

  it("refuses a claim other than the game's, an unfinished game and another player's session", async () => {
    const game = await newGame('Http Bob');
    const cheat = await submit('/api/scores', game, { score: game.score + 1 });
    expect([cheat.status, cheat.json]).toEqual([
      422,
      {
        message: `Score does not match the game: claimed ${game.score + 1} points, the game scored ${game.score}`,
        field: 'score',
      },
    ]);
    const higher = await submit('/api/scores', game, { level: game.level + 1 });
    expect([higher.status, higher.json.message]).toEqual([
      422,
      `Score does not match the game: claimed level ${game.level + 1}, the game reached level ${game.level}`,
    ]);

    const playing = await newGame('Http Eager', { maxMoves: 2, finish: false });
    const early = await submit('/api/scores', playing);
    expect([early.status, early.json]).toEqual([
      422,
      { message: 'Finish the game before submitting its score', field: 'sessionId' },
    ]);

    // Without the session's credential, or with another session's: the sessions service's 403.
    const stranger = await client(stack.url).post('/api/scores', claimOf(game));
    expect([stranger.status, stranger.json.message]).toEqual([
      403,
      'This session belongs to another player',
    ]);
    const other = await client(stack.url).post('/api/scores', claimOf(game), playing.owner);
    expect(other.status).toBe(403);

    // A log sent by an older client is ignored: the game is the server's.
    const honest = await submit('/api/scores', game, { gameLog: { v: 1, t0: 0, e: [[1, 0]] } });
    expect([honest.status, honest.json.score]).toEqual([200, game.score]);

    const c = client(stack.url);
    const { sessionId: _id, ...noSession } = claimOf(game);
    const missing = await c.post('/api/scores', noSession, game.owner);
    expect([missing.status, missing.json.message]).toEqual([422, 'sessionId is required']);
    const badName = await submit('/api/scores', game, { playerName: 'x'.repeat(21) });
    expect([badName.status, badName.json.message]).toEqual([
      400,
      'Player name must be at most 20 characters',
    ]);
    const notNumber = await submit('/api/scores', game, { score: '12' });
    expect([notNumber.status, notNumber.json.message]).toEqual([
      400,
      'score must be a whole number',
    ]);
  });

  it('the same game sent three times at once to each of the three endpoints counts once', async () => {
    const c = await admin();
    const season = await c.post('/api/admin/seasonal-leaderboards', {
      name: 'Http season',
      startDate: new Date(Date.now() - 1000).toISOString(),
      endDate: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(season.status).toBe(200);
    const active = await client(stack.url).get('/api/seasonal-leaderboards/active');
    expect(active.json).toMatchObject({ id: season.json.id, name: 'Http season', isActive: true });
    try {
      // Held from here (the season has begun): the score's week is the one read as active.
      fixed = new Date();
      const game = await newGame('Http Trio');
      const { moves: _moves, ...entry } = claimOf(game);
      const paths = [
        ['/api/scores', claimOf(game)],
        ['/api/weekly-leaderboards/record-score', entry],
        [`/api/seasonal-leaderboards/${season.json.id}/scores`, entry],
      ] as const;
      const answers = await Promise.all(
        paths.flatMap(([p, body]) =>
          Array.from({ length: 3 }, () => client(stack.url).post(p, body, game.owner)),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
      expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);

      const mine = (list: Json[]) => list.filter((r) => r.playerName === 'Http Trio');
      expect(mine((await c.get('/api/scores/top?limit=100')).json as never)).toHaveLength(1);
      const week = (await c.get('/api/weekly-leaderboards/active')).json;
      const weekly = mine(
        (await c.get(`/api/weekly-leaderboards/${week.id}/top-scores?limit=100`)).json as never,
      );
      expect(weekly).toEqual([expect.objectContaining({ gamesPlayed: 1 })]);
      const seasonal = await c.get(`/api/seasonal-leaderboards/${season.json.id}/scores/top`);
      expect(mine(seasonal.json as never)).toHaveLength(1);
      const seasonRank = await c.get(
        `/api/seasonal-leaderboards/${season.json.id}/rank?playerName=Http%20Trio`,
      );
      expect(seasonRank.json).toMatchObject({ rank: 1, entry: { playerName: 'Http Trio' } });
    } finally {
      await c.post(`/api/admin/seasonal-leaderboards/${season.json.id}/end`);
    }
    expect((await client(stack.url).get('/api/seasonal-leaderboards/active')).text).toBe('null');
  });

  it("the page's one step: the game's result posted once, the weekly and seasonal routes then answer the same score", async () => {
    const c = await admin();
    const season = await c.post('/api/admin/seasonal-leaderboards', {
      name: 'Http one step',
      // From now: the season of an earlier test ended a moment ago.
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(season.status).toBe(200);
    try {
      // Held from here (the season has begun): the score's week is the one read as active.
      fixed = new Date();
      const game = await newGame('Http Once');
      expect(game.result).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      // The ended game's view carries the same result.
      const view = await client(stack.url).get(
        `/api/player-sessions/${game.sessionId}/game`,
        game.owner,
      );
      expect(view.json.result).toBe(game.result);
      // No credential needed: a guest's result is its own proof.
      const once = await client(stack.url).post(
        '/api/scores',
        claimOf(game, { result: game.result }),
      );
      expect([once.status, once.json.reviewState]).toEqual([200, 'accepted']);
      const { moves: _moves, ...entry } = claimOf(game);
      for (const [path, body] of [
        ['/api/weekly-leaderboards/record-score', { ...entry, result: game.result }],
        [`/api/seasonal-leaderboards/${season.json.id}/scores`, { ...entry, result: game.result }],
        ['/api/weekly-leaderboards/record-score', entry],
        [`/api/seasonal-leaderboards/${season.json.id}/scores`, entry],
      ] as const) {
        const again = await client(stack.url).post(path, body, game.owner);
        expect([again.status, again.json]).toEqual([200, once.json]);
      }
      const week = (await c.get('/api/weekly-leaderboards/active')).json;
      const weekly = (
        (await c.get(`/api/weekly-leaderboards/${week.id}/top-scores?limit=100`))
          .json as unknown as Json[]
      ).filter((r) => r.playerName === 'Http Once');
      expect(weekly).toEqual([expect.objectContaining({ gamesPlayed: 1 })]);
      const seasonal = (
        (await c.get(`/api/seasonal-leaderboards/${season.json.id}/scores/top`))
          .json as unknown as Json[]
      ).filter((r) => r.playerName === 'Http Once');
      expect(seasonal).toEqual([expect.objectContaining({ id: once.json.id })]);

      // A result that is not sessions' is a 400 naming it.
      const other = await newGame('Http Forger');
      const [header, , signature] = other.result!.split('.');
      const payload = Buffer.from(JSON.stringify({ sub: other.sessionId, score: 1e6 })).toString(
        'base64url',
      );
      const forged = await client(stack.url).post(
        '/api/scores',
        claimOf(other, { result: `${header}.${payload}.${signature}` }),
      );
      expect([forged.status, forged.json]).toEqual([
        400,
        { message: 'result is not a game result signed by this site', field: 'result' },
      ]);
      const huge = await client(stack.url).post(
        '/api/scores',
        claimOf(other, { result: 'x'.repeat(5000) }),
      );
      expect([huge.status, huge.json.field]).toEqual([400, 'result']);
    } finally {
      await c.post(`/api/admin/seasonal-leaderboards/${season.json.id}/end`);
    }
  });

  it('Sunday 23:59:59.999 UTC and Monday 00:00 UTC are different weeks', async () => {
    const sunday = await newGame('Http Edge');
    const monday = await newGame('Http Edge');
    fixed = new Date('2027-03-07T23:59:59.999Z');
    expect((await submit('/api/scores', sunday)).status).toBe(200);
    const before = (await client(stack.url).get('/api/weekly-leaderboards/active')).json;
    fixed = new Date('2027-03-08T00:00:00.000Z');
    expect((await submit('/api/weekly-leaderboards/record-score', monday)).status).toBe(200);
    const after = (await client(stack.url).get('/api/weekly-leaderboards/active')).json;
    expect([before.name, after.name]).toEqual(['Week of Mar 1, 2027', 'Week of Mar 8, 2027']);
    for (const [week, game] of [
      [before, sunday],
      [after, monday],
    ] as const) {
      const rows = (await client(stack.url).get(`/api/weekly-leaderboards/${week.id}/top-scores`))
        .json;
      expect(rows).toEqual([expect.objectContaining({ totalScore: game.score, gamesPlayed: 1 })]);
    }
    const list = (await client(stack.url).get('/api/weekly-leaderboards'))
      .json as unknown as Json[];
    expect(list[0]).toMatchObject({ name: 'Week of Mar 8, 2027', isActive: true });
  });

  it('moderation is admin-only; a voided score leaves every board', async () => {
    const game = await newGame('Http Cheat');
    const score = (await submit('/api/scores', game)).json;
    const player = await signedInPlayer(stack.url, 'plain_player');
    for (const [method, p] of [
      ['post', '/api/scores/reset'],
      ['post', `/api/admin/scores/${score.id}/void`],
      ['post', '/api/admin/banned-players'],
    ] as const) {
      expect((await client(stack.url)[method](p, { reason: 'x' })).status).toBe(401);
      expect((await player[method](p, { reason: 'x' })).status).toBe(403);
    }
    const c = await admin();
    const voided = await c.post(`/api/admin/scores/${score.id}/void`, { reason: 'Edited log' });
    expect(voided.json).toMatchObject({ score: { id: score.id }, reason: 'Edited log' });
    expect(
      ((await c.get('/api/scores/top?limit=100')).json as unknown as Json[]).map((s) => s.id),
    ).not.toContain(score.id);
    const week = (await c.get('/api/weekly-leaderboards/active')).json;
    const rows = (await c.get(`/api/weekly-leaderboards/${week.id}/top-scores?limit=100`))
      .json as unknown as Json[];
    expect(rows.map((r) => r.playerName)).not.toContain('Http Cheat');

    const ban = await c.post('/api/admin/banned-players', {
      playerName: 'Http Cheat',
      reason: 'x',
    });
    expect(ban.json).toMatchObject({ playerName: 'Http Cheat', reason: 'x' });
    const refused = await submit('/api/scores', await newGame('http cheat'));
    expect([refused.status, refused.json.message]).toEqual([
      403,
      'That player name is banned from the leaderboards',
    ]);
    expect((await c.delete('/api/admin/banned-players/Http%20Cheat')).json).toEqual({
      playerName: 'Http Cheat',
      banned: false,
    });

    const reset = await c.post('/api/scores/reset', { reason: 'Season 2' });
    expect(reset.json).toMatchObject({ reason: 'Season 2', restoredAt: null });
    expect((await c.get('/api/scores/top')).json).toEqual([]);
    const restored = await c.post(`/api/scores/reset/${reset.json.id}/restore`);
    expect(restored.json.restoredAt).toEqual(expect.any(String));
    expect(
      ((await c.get('/api/scores/top?limit=100')).json as unknown as Json[]).length,
    ).toBeGreaterThan(0);
    const audit = (await c.get('/api/admin/scores/audit')).json as unknown as Json[];
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'score.void',
        'player.ban',
        'player.unban',
        'alltime.reset',
        'alltime.restore',
      ]),
    );
  });

  it('counts plays, and completed games from the games the server finished; the admin reads daily figures', async () => {
    const first = await client(stack.url).post('/api/stats/increment-play-count', {
      hasAds: false,
    });
    const second = await client(stack.url).post('/api/stats/increment-play-count', {
      hasAds: true,
    });
    expect((second.json.playCount as number) - (first.json.playCount as number)).toBe(1);
    const completed = async () =>
      (await client(stack.url).get('/api/stats/play-count')).json.completedPlayCount;
    await newGame('Http Stats');
    // Every game this file finished is counted, once (the events arrive on their own).
    await eventually(async () => expect(await completed()).toBe(finished), { timeoutMs: 10_000 });
    // The client's report is checked and answered, and counts nothing.
    const done = await client(stack.url).post('/api/stats/record-completed-game', {
      sessionTime: 200,
      gameTime: 90,
      hasAds: false,
      adBlockerDetected: false,
      pointsMultiplier: 1,
    });
    expect(done.json).toEqual({ recorded: true });
    await newGame('Http Stats');
    await eventually(async () => expect(await completed()).toBe(finished), { timeoutMs: 10_000 });
    const bad = await client(stack.url).post('/api/stats/record-completed-game', { gameTime: 'x' });
    expect(bad.status).toBe(400);
    expect((await client(stack.url).get('/api/admin/stats/daily')).status).toBe(401);
    // The days counted back from the sessions service's day (its clock ended the games).
    fixed = sessionsClock.now();
    const daily = await (await admin()).get('/api/admin/stats/daily?days=7');
    expect(daily.json).toHaveLength(7);
    const week = (daily.json as unknown as { completedGames: number }[]).reduce(
      (sum, d) => sum + d.completedGames,
      0,
    );
    expect(week).toBe(finished);
  });

  it('a limit past its most is 400 naming it, as on every list (refused, never clamped)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const boss = await admin();
    const refusals: [string, string, number][] = [
      ['/api/scores/top?limit=101', 'limit', 100],
      ['/api/scores/rank?playerName=Nobody&radius=26', 'radius', 25],
      [`/api/weekly-leaderboards/${unknown}/top-scores?limit=101`, 'limit', 100],
      [`/api/weekly-leaderboards/${unknown}/rank?playerName=Nobody&radius=26`, 'radius', 25],
      [`/api/seasonal-leaderboards/${unknown}/scores/top?limit=101`, 'limit', 100],
      [`/api/seasonal-leaderboards/${unknown}/rank?playerName=Nobody&radius=26`, 'radius', 25],
      ['/api/admin/scores/audit?limit=101', 'limit', 100],
      ['/api/admin/scores/held?limit=101', 'limit', 100],
      ['/api/admin/stats/daily?days=367', 'days', 366],
    ];
    for (const [path, field, max] of refusals) {
      const res = await boss.get(path);
      expect([path, res.status, res.json]).toEqual([
        path,
        400,
        { message: `${field} must be a whole number from 1 to ${max}`, field },
      ]);
    }
    expect((await boss.get('/api/scores/top?limit=100')).status).toBe(200);
  });

  it('a suspicious game is held for review: the player is told, admins clear or reject it', async () => {
    const bot = await newGame('Http Bot', { gapMs: () => 20 });
    const res = await submit('/api/scores', bot);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      ...scoreOf(bot),
      reviewState: 'held',
      message:
        'Your score is under review: it will appear on the leaderboards once a moderator clears it.',
    });
    const ids = async () =>
      ((await client(stack.url).get('/api/scores/top?limit=100')).json as unknown as Json[]).map(
        (s) => s.id,
      );
    expect(await ids()).not.toContain(res.json.id);

    const player = await signedInPlayer(stack.url, 'review_player');
    for (const [method, p] of [
      ['get', '/api/admin/scores/held'],
      ['post', `/api/admin/scores/${res.json.id}/clear`],
      ['post', `/api/admin/scores/${res.json.id}/reject`],
    ] as const) {
      expect((await client(stack.url)[method](p)).status).toBe(401);
      expect((await player[method](p)).status).toBe(403);
    }

    const c = await admin();
    const held = (await c.get('/api/admin/scores/held')).json as unknown as Json[];
    expect(held).toContainEqual({
      score: expect.objectContaining({ id: res.json.id, playerName: 'Http Bot' }),
      sessionId: bot.sessionId,
      reviewState: 'held',
      heldReason: expect.any(String),
      heldAt: res.json.createdAt,
      reviewedAt: null,
      reviewReason: null,
      reviewedBy: null,
    });
    const cleared = await c.post(`/api/admin/scores/${res.json.id}/clear`, {});
    expect(cleared.json).toMatchObject({ reviewState: 'cleared', reviewedAt: expect.any(String) });
    expect((await c.post(`/api/admin/scores/${res.json.id}/clear`, {})).json).toEqual(cleared.json);
    const top = (await client(stack.url).get('/api/scores/top?limit=100'))
      .json as unknown as Json[];
    expect(top.filter((s) => s.id === res.json.id)).toEqual([
      expect.objectContaining({ createdAt: res.json.createdAt }),
    ]);
    expect((await submit('/api/scores', bot)).json.reviewState).toBe('cleared');

    const other = await newGame('Http Bot Two', { gapMs: () => 500 });
    const second = await submit('/api/scores', other);
    expect(second.json.reviewState).toBe('held');
    const noReason = await c.post(`/api/admin/scores/${second.json.id}/reject`, {});
    expect([noReason.status, noReason.json.field]).toEqual([400, 'reason']);
    const rejected = await c.post(`/api/admin/scores/${second.json.id}/reject`, { reason: 'Bot' });
    expect(rejected.json).toMatchObject({ reviewState: 'rejected', reviewReason: 'Bot' });
    expect(await ids()).not.toContain(second.json.id);
    const again = await c.post(`/api/admin/scores/${second.json.id}/clear`, {});
    expect([again.status, again.json.message]).toEqual([
      422,
      'This score was rejected: it stays off the boards',
    ]);
    const rejectedList = (await c.get('/api/admin/scores/held?state=rejected')).json as unknown;
    expect(rejectedList).toEqual([expect.objectContaining({ reviewState: 'rejected' })]);
    const audit = (await c.get('/api/admin/scores/audit')).json as unknown as Json[];
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['score.clear', 'score.reject']),
    );
  });

  it('a bot answering every 150-400 ms over the game socket is held for review: the page could not have shown its answers', async () => {
    const bot = await newGame('Sock Bot', {
      overSocket: true,
      choose: greedySwap,
      gapMs: (i) => 150 + ((i * 97) % 251),
    });
    expect(bot.status).toBe('ended');
    const res = await submit('/api/scores', bot);
    expect(res.json).toMatchObject({ score: bot.score, reviewState: 'held' });
    const detail = await (await admin()).get(`/api/admin/player-sessions/${bot.sessionId}`);
    expect(detail.json.timing).toMatchObject({ flags: ['fasterThanAnimation'] });
  });

  it("the page's own move times hold no score: 20 ms apart, beside a game the server timed at a person's pace", async () => {
    const game = await newGame('Http Quick Page', { maxMoves: 12, finish: false });
    const page = client(stack.url);
    const times = Array.from({ length: 12 }, (_, i) => 1e12 + i * 20);
    const update = await page.patch(
      `/api/player-sessions/${game.sessionId}`,
      {
        totalScore: game.score,
        matchCount: 12,
        moveCount: game.moves,
        averageMoveDuration: 20,
        playerName: game.playerName,
        moveTimestamps: times,
      },
      game.owner,
    );
    expect(update.json).toMatchObject({ flagged: false });
    const ended = await page.post(
      `/api/player-sessions/${game.sessionId}/end`,
      undefined,
      game.owner,
    );
    expect(ended.json).toMatchObject({ flagged: false });
    finished += 1;
    const res = await submit('/api/scores', game);
    expect(res.json).toMatchObject({ score: game.score, reviewState: 'accepted' });
  });
});
