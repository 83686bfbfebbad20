import { randomUUID } from 'node:crypto';
import { dayOf } from '@ballmatch/platform';
import { TestClock } from '@ballmatch/platform/testing';
import { signedInAdmin, signedInPlayer, type Client } from './ads-support';
import { claimOf, playRankedGame } from './ranked-game';
import { client, stackPerFile } from './stack';

/**
 * The admin console's own calls (docs/api.md 'Player sessions', 'Statistics'): a session's
 * timing analysis, unflagging, game analytics from games played over HTTP, new players per day;
 * every one refused to guests (401) and players (403).
 */
let admin: Client;
const sessionsClock = new TestClock();
const stack = stackPerFile({}, { sessionsClock: sessionsClock.now });
beforeAll(async () => {
  admin = await signedInAdmin(stack.url);
}, 60_000);

const DAY = 86_400_000;
/**
 * A day either side of today: whatever is counted from now on (a game ended minutes ahead on
 * the sessions clock, a run crossing midnight UTC) falls in it.
 */
const daysAroundNow = () => ({
  from: dayOf(new Date(Date.now() - DAY)),
  to: dayOf(new Date(Date.now() + DAY)),
});

/** A whole game at a person's pace, or a bot's even one, started now by the server's clock. */
function play(name: string, options: { gapMs?: () => number; maxMoves?: number } = {}) {
  sessionsClock.set(Date.now());
  return playRankedGame(stack.url, sessionsClock, name, options);
}

describe('admin console routes answer admins only', () => {
  it('are 401 without a session and 403 for a player', async () => {
    const player = await signedInPlayer(stack.url, `console_player_${process.pid % 1000}`);
    const id = randomUUID();
    for (const [method, path] of [
      ['POST', `/api/admin/player-sessions/${id}/unflag`],
      ['GET', `/api/admin/player-sessions/${id}/score`],
      ['GET', '/api/admin/game-analytics'],
      ['GET', '/api/admin/stats/new-users'],
    ] as const) {
      for (const [who, status, message] of [
        [client(stack.url), 401, 'Not authenticated'],
        [player, 403, 'Admin access required'],
      ] as const) {
        const res = method === 'GET' ? await who.get(path) : await who.post(path, { reason: 'x' });
        expect({ path, status: res.status, body: res.json }).toEqual({
          path,
          status,
          body: { message },
        });
      }
    }
  });
});

describe('player tracking', () => {
  it("a session's detail carries the server's timing analysis; an admin unflags it with a reason", async () => {
    // Even gaps, slower than the page shows any answer: only the evenness is at fault.
    const bot = await play('Metronome', { gapMs: () => 2000, maxMoves: 12 });
    const detail = await admin.get(`/api/admin/player-sessions/${bot.sessionId}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      id: bot.sessionId,
      suspicious: true,
      timing: {
        meanGap: 2000,
        coefficientOfVariation: 0,
        suspicious: true,
        flags: ['lowVariation'],
      },
    });
    // Every action counts (a reset of a board without moves too): at least the 12 swaps.
    const timing = detail.json.timing as { moveCount: number; gapCount: number; gaps: number[] };
    expect(timing.moveCount).toBeGreaterThanOrEqual(12);
    expect(timing.gapCount).toBe(timing.moveCount - 1);
    expect(timing.gaps).toEqual(Array(timing.gapCount).fill(2000));

    const unflagged = await admin.post(`/api/admin/player-sessions/${bot.sessionId}/unflag`, {
      reason: 'Known speed player',
    });
    expect(unflagged.status).toBe(200);
    expect(unflagged.json).toMatchObject({ id: bot.sessionId, suspicious: false });
    expect((unflagged.json.flags as Array<{ type: string }>).map((f) => f.type)).toEqual([
      'SUSPICIOUS_TIMING',
      'ADMIN_UNFLAG',
    ]);
    const suspicious = await admin.get('/api/admin/player-sessions/suspicious?limit=100');
    expect((suspicious.json.data as Array<{ id: string }>).map((s) => s.id)).not.toContain(
      bot.sessionId,
    );
  });

  it("reads a session's score to void it; 404 when the session has none", async () => {
    const game = await play('Tracked');
    const path = `/api/admin/player-sessions/${game.sessionId}/score`;
    expect(await admin.get(path).then((r) => [r.status, r.json])).toEqual([
      404,
      { message: 'This session has no score' },
    ]);
    const stored = await client(stack.url).post('/api/scores', claimOf(game), game.owner);
    expect(stored.status).toBe(200);
    const score = await admin.get(path);
    expect(score.json).toMatchObject({
      score: { id: stored.json.id, score: game.score },
      sessionId: game.sessionId,
      reviewState: 'accepted',
      voidedAt: null,
      voidReason: null,
    });
    await admin.post(`/api/admin/scores/${stored.json.id as string}/void`, { reason: 'Tracked' });
    expect((await admin.get(path)).json).toMatchObject({
      voidedAt: expect.any(String),
      voidReason: 'Tracked',
    });
    expect((await admin.get('/api/admin/player-sessions/nope/score')).json).toEqual({
      message: 'id must be a session id (UUID)',
      field: 'id',
    });
  });

  it('refuses an unflag without a reason (400) and of an unknown session (404)', async () => {
    const path = (id: string) => `/api/admin/player-sessions/${id}/unflag`;
    expect(await admin.post(path(randomUUID()), {}).then((r) => [r.status, r.json])).toEqual([
      400,
      { message: 'reason is required', field: 'reason' },
    ]);
    expect((await admin.post(path(randomUUID()), { reason: 'x' })).status).toBe(404);
    expect((await admin.post(path('123'), { reason: 'x' })).json).toEqual({
      message: 'id must be a session id (UUID)',
      field: 'id',
    });
  });
});

describe('GET /api/admin/game-analytics', () => {
  it('shows the games played: levels reached, length, moves, extra moves, plays per day', async () => {
    type Figures = {
      gamesStarted: number;
      gamesFinished: number;
      levels: Array<{ level: number; games: number }>;
      moves: Array<{ from: number; to: number; games: number }>;
      days: Array<{ day: string; started: number; finished: number; suspicious: number }>;
      extraMovesTaken: number;
    };
    const { from, to } = daysAroundNow();
    const analytics = async () => {
      const res = await admin.get(`/api/admin/game-analytics?from=${from}&to=${to}`);
      expect(res.status).toBe(200);
      return res.json as Figures;
    };
    const before = await analytics();
    // Each game starts on the database's clock (its session's createdAt) and ends on the sessions
    // clock's last reading (its last action).
    const whole = await play('Analyst');
    const wholeEnded = dayOf(sessionsClock.now());
    const short = await play('Quitter', { maxMoves: 3 });
    const ended = [wholeEnded, dayOf(sessionsClock.now())];
    const started = await Promise.all(
      [whole, short].map(async ({ sessionId }) => {
        const detail = await admin.get(`/api/admin/player-sessions/${sessionId}`);
        return dayOf(new Date((detail.json as { createdAt: string }).createdAt));
      }),
    );
    const figures = await analytics();
    expect(figures.gamesStarted - before.gamesStarted).toBe(2);
    expect(figures.gamesFinished - before.gamesFinished).toBe(2);
    const on = (days: string[], day: string) => days.filter((d) => d === day).length;
    expect(
      figures.days.map((d, i) => ({
        day: d.day,
        started: d.started - before.days[i]!.started,
        finished: d.finished - before.days[i]!.finished,
        suspicious: d.suspicious,
      })),
    ).toEqual(
      before.days.map(({ day }) => ({
        day,
        started: on(started, day),
        finished: on(ended, day),
        // The bot of the test before, unflagged since.
        suspicious: 0,
      })),
    );
    for (const game of [whole, short]) {
      expect(figures.levels.find((l) => l.level === game.level)?.games).toBeGreaterThan(0);
      const range = figures.moves.find((r) => game.moves >= r.from && (!r.to || game.moves < r.to));
      expect(range?.games).toBeGreaterThan(0);
    }
    expect(figures.extraMovesTaken).toBeGreaterThan(0);
    expect(figures.moves[0]).toEqual({ from: 0, to: 10, games: expect.any(Number) });
  });

  it('refuses a range that is not one, naming the field', async () => {
    for (const [query, message, field] of [
      ['from=2026-13-01', 'from must be a date as YYYY-MM-DD', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'from must not be after to', 'from'],
      ['to=yesterday', 'to must be a date as YYYY-MM-DD', 'to'],
    ]) {
      const res = await admin.get(`/api/admin/game-analytics?${query}`);
      expect([res.status, res.json]).toEqual([400, { message, field }]);
    }
  });
});

describe('GET /api/admin/stats/new-users', () => {
  it('counts the players registered per day of the range', async () => {
    type NewUsers = { days: Array<{ day: string; users: number }>; totalUsers: number };
    const { from, to } = daysAroundNow();
    const newUsers = async () =>
      (await admin.get(`/api/admin/stats/new-users?from=${from}&to=${to}`)).json as NewUsers;
    const before = await newUsers();
    expect(before.days).toHaveLength(3);
    await signedInPlayer(stack.url, `console_newbie_${process.pid % 1000}`);
    const after = await newUsers();
    expect(after).toMatchObject({ from, to, totalUsers: before.totalUsers + 1 });
    // One more on one day: the day of the account's time, which the database stamps (auth's own
    // test says which day counts it).
    const added = after.days
      .map((d, i) => ({ day: d.day, users: d.users - before.days[i]!.users }))
      .filter((d) => d.users !== 0);
    expect(added).toEqual([{ day: expect.any(String), users: 1 }]);

    const last30 = await admin.get('/api/admin/stats/new-users');
    expect(last30.status).toBe(200);
    expect((last30.json as NewUsers).days).toHaveLength(30);
    const refused = await admin.get('/api/admin/stats/new-users?from=yesterday');
    expect([refused.status, refused.json]).toEqual([
      400,
      { message: 'from must be a date as YYYY-MM-DD', field: 'from' },
    ]);
  });
});
