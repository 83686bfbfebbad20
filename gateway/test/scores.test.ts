import { randomUUID } from 'node:crypto';
import { playGame } from '../../services/scores/test/game';
import { client, startStack, type Stack } from './stack';

/** A clock the test can stop at a week's last millisecond; real time otherwise. */
let fixed: Date | null = null;
const clock = () => (fixed ? new Date(fixed) : new Date());

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, { scoresClock: clock });
});
afterAll(() => stack.close());
afterEach(() => {
  fixed = null;
});

type Json = Record<string, unknown>;

/** A session made over HTTP and a random game played on its seed with the engine. */
async function newGame(playerName: string, maxMoves?: number) {
  const c = client(stack.url);
  const session = await c.post('/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: 'f'.repeat(50),
  });
  expect(session.status).toBe(200);
  const { id, seed } = session.json as { id: string; seed: string };
  const game = playGame(seed, { maxMoves });
  return {
    playerName,
    score: game.score,
    level: game.level,
    moves: game.moves,
    sessionId: id,
    gameLog: JSON.parse(game.gameLog) as Json,
  };
}

async function admin() {
  const c = client(stack.url);
  expect(
    (await c.post('/api/admin/login', { username: 'chief', password: 'admin-password-1' })).status,
  ).toBe(200);
  return c;
}

describe('scores over HTTP', () => {
  it('a real game is accepted, and shows on the all-time and weekly boards', async () => {
    const game = await newGame('Http Ann');
    const res = await client(stack.url).post('/api/scores', game);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.any(String),
      playerName: 'Http Ann',
      score: game.score,
      level: game.level,
      moves: game.moves,
      createdAt: expect.any(String),
    });
    const top = await client(stack.url).get('/api/scores/top?limit=10');
    expect(top.json).toContainEqual(res.json);
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

  it('refuses the same log with a score one point higher (422) and bad logs (400)', async () => {
    const game = await newGame('Http Bob');
    const c = client(stack.url);
    const cheat = await c.post('/api/scores', { ...game, score: game.score + 1 });
    expect(cheat.status).toBe(422);
    expect(cheat.json).toEqual({
      message: `Score does not match the game: claimed ${game.score + 1}, replay gives ${game.score}`,
      field: 'score',
    });
    const malformed = await c.post('/api/scores', { ...game, gameLog: { v: 2, t0: 0, e: [] } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ message: 'Invalid game log: "v" must be 1' });
    const { gameLog: _log, ...noLog } = game;
    expect((await c.post('/api/scores', noLog)).json).toEqual({
      message: 'A game log is required to verify the score',
      field: 'gameLog',
    });
    const { sessionId: _id, ...noSession } = game;
    const missing = await c.post('/api/scores', noSession);
    expect([missing.status, missing.json.message]).toEqual([422, 'sessionId is required']);
    const badName = await c.post('/api/scores', { ...game, playerName: 'x'.repeat(21) });
    expect([badName.status, badName.json.message]).toEqual([
      400,
      'Player name must be at most 20 characters',
    ]);
    const notNumber = await c.post('/api/scores', { ...game, score: '12' });
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
      const game = await newGame('Http Trio');
      const { moves: _moves, ...entry } = game;
      const paths = [
        ['/api/scores', game],
        ['/api/weekly-leaderboards/record-score', entry],
        [`/api/seasonal-leaderboards/${season.json.id}/scores`, entry],
      ] as const;
      const answers = await Promise.all(
        paths.flatMap(([p, body]) =>
          Array.from({ length: 3 }, () => client(stack.url).post(p, body)),
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

  it('Sunday 23:59:59.999 UTC and Monday 00:00 UTC are different weeks', async () => {
    const sunday = await newGame('Http Edge');
    const monday = await newGame('Http Edge');
    fixed = new Date('2027-03-07T23:59:59.999Z');
    expect((await client(stack.url).post('/api/scores', sunday)).status).toBe(200);
    const before = (await client(stack.url).get('/api/weekly-leaderboards/active')).json;
    fixed = new Date('2027-03-08T00:00:00.000Z');
    expect(
      (await client(stack.url).post('/api/weekly-leaderboards/record-score', monday)).status,
    ).toBe(200);
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
    const score = (await client(stack.url).post('/api/scores', game)).json;
    const player = client(stack.url);
    await player.post('/api/register', {
      username: 'plain_player',
      email: 'plain@example.com',
      password: 'correct horse battery',
    });
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
    const refused = await client(stack.url).post('/api/scores', await newGame('http cheat'));
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

  it('counts plays and completed games; the admin reads daily figures', async () => {
    const first = await client(stack.url).post('/api/stats/increment-play-count', {
      hasAds: false,
    });
    const second = await client(stack.url).post('/api/stats/increment-play-count', {
      hasAds: true,
    });
    expect((second.json.playCount as number) - (first.json.playCount as number)).toBe(1);
    const done = await client(stack.url).post('/api/stats/record-completed-game', {
      sessionTime: 200,
      gameTime: 90,
      hasAds: false,
      adBlockerDetected: false,
      pointsMultiplier: 1,
    });
    expect(done.json).toEqual({ recorded: true });
    expect((await client(stack.url).get('/api/stats/play-count')).json).toEqual({
      completedPlayCount: 1,
    });
    const bad = await client(stack.url).post('/api/stats/record-completed-game', { gameTime: 'x' });
    expect(bad.status).toBe(400);
    expect((await client(stack.url).get('/api/admin/stats/daily')).status).toBe(401);
    const daily = await (await admin()).get('/api/admin/stats/daily?days=7');
    expect(daily.json).toHaveLength(7);
    expect((daily.json as unknown as Json[])[0]).toMatchObject({ completedGames: 1 });
  });
});
