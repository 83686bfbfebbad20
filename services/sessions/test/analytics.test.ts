import { dayOf } from '@ballmatch/platform';
import type { sessionsV1 } from '@ballmatch/proto';
import { GAME_SECONDS_EDGES, MOVES_EDGES } from '../src/domain/analytics';
import { newSession } from './fixtures';
import { startSessions, type SessionsHarness } from './harness';
import { humanGap, movesOn, playOut } from './play';

// Game analytics counted in SQL from real games played through the service, on its own
// database (so every game in it is one of these).
let svc: SessionsHarness;
beforeAll(async () => {
  svc = await startSessions();
});
afterAll(() => svc.close());

const DAY = 86_400_000;
const rangeOf = (figures: readonly number[], value: number) =>
  figures.findLastIndex((from) => value >= from);

describe('GetGameAnalytics', () => {
  let played: Array<{ game: sessionsV1.Game; seconds: number }>;
  const today = dayOf(new Date());

  beforeAll(async () => {
    played = [];
    // A whole game, extra moves taken; one stopped after two swaps, ten minutes in; one left open
    // (and flagged by an admin).
    for (const stopAfter of [400, 2]) {
      const { id } = await svc.client.createSession(newSession());
      const { session } = await svc.admin.getSession({ id });
      const started = Date.parse(session!.createdAt);
      const gap = stopAfter === 2 ? () => 315_000 : humanGap;
      const game = await playOut(svc, id, gap, {
        maxActions: stopAfter,
        startAt: new Date(started),
      });
      played.push({ game, seconds: (svc.clock.nowMs() - started) / 1000 });
    }
    svc.clock.real();
    const open = await svc.client.createSession(newSession());
    await svc.client.playAction({
      id: open.id,
      seq: 0,
      action: { $case: 'swap', value: movesOn(open.game!)[0]! },
    });
    await svc.admin.flagSession({ id: open.id, reason: 'Same device as a known bot' });
  });

  it('counts the games that ended in the range: levels, length, moves, extra moves, per day', async () => {
    const yesterday = dayOf(new Date(Date.now() - DAY));
    const tomorrow = dayOf(new Date(Date.now() + DAY));
    const figures = await svc.admin.getGameAnalytics({ from: yesterday, to: tomorrow });
    const [whole, stopped] = played;
    expect(whole!.game.extraMovesGranted).toBe(true);
    expect(stopped!.game.totalMoves).toBe(2);

    expect(figures.from).toBe(yesterday);
    expect(figures.to).toBe(tomorrow);
    expect(figures.gamesStarted).toBe(3);
    expect(figures.gamesFinished).toBe(2);
    expect(figures.days.map((d) => d.day)).toEqual([yesterday, today, tomorrow]);
    expect(figures.days.reduce((n, d) => n + d.started, 0)).toBe(3);
    expect(figures.days.reduce((n, d) => n + d.finished, 0)).toBe(2);
    expect(figures.days.reduce((n, d) => n + d.suspicious, 0)).toBe(1);

    const levels = new Map<number, number>();
    for (const { game } of played)
      levels.set(game.level!.currentLevel, (levels.get(game.level!.currentLevel) ?? 0) + 1);
    expect(figures.levels).toEqual(
      [...levels].sort(([a], [b]) => a - b).map(([level, games]) => ({ level, games })),
    );

    const expected = (edges: readonly number[], values: number[]) =>
      edges.map((from, i) => ({
        from,
        to: edges[i + 1] ?? 0,
        games: values.filter((v) => rangeOf(edges, v) === i).length,
      }));
    const moves = played.map((p) => p.game.totalMoves);
    expect(figures.moves).toEqual(expected(MOVES_EDGES, moves));
    expect(figures.meanMoves).toBeCloseTo((moves[0]! + moves[1]!) / 2);
    expect(figures.medianMoves).toBeCloseTo((moves[0]! + moves[1]!) / 2);
    const seconds = played.map((p) => p.seconds);
    expect(figures.gameSeconds).toEqual(expected(GAME_SECONDS_EDGES, seconds));
    expect(figures.gameSeconds[rangeOf(GAME_SECONDS_EDGES, 630)]!.games).toBeGreaterThan(0);
    expect(figures.meanGameSeconds).toBeCloseTo((seconds[0]! + seconds[1]!) / 2, 1);

    // Only the whole game ran out of moves: it was offered the extra moves and took them.
    expect(figures.extraMovesOffered).toBe(1);
    expect(figures.extraMovesTaken).toBe(1);
  });

  it('defaults to the last 30 days by its clock; a range without games is all zeros', async () => {
    const last30 = await svc.admin.getGameAnalytics({ from: '', to: '' });
    expect(last30.days).toHaveLength(30);
    expect(last30.to).toBe(today);
    // (Games ended up to 11 minutes ahead of the real clock: just before midnight, tomorrow.)
    expect(last30.gamesFinished).toBe(last30.days.reduce((n, d) => n + d.finished, 0));
    expect(last30.gamesStarted).toBe(3);

    const empty = await svc.admin.getGameAnalytics({ from: '2020-01-01', to: '2020-01-07' });
    expect(empty).toMatchObject({
      gamesStarted: 0,
      gamesFinished: 0,
      levels: [],
      meanGameSeconds: 0,
      medianMoves: 0,
      extraMovesOffered: 0,
    });
    expect(empty.days).toEqual(
      Array.from({ length: 7 }, (_, i) => ({
        day: `2020-01-0${i + 1}`,
        started: 0,
        finished: 0,
        suspicious: 0,
      })),
    );
    expect(empty.moves.every((r) => r.games === 0)).toBe(true);
  });

  it.each([
    [{ from: '2026-02-30', to: '' }, 'from', 'from must be a date as YYYY-MM-DD'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'from', 'from must not be after to'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'from', 'The range may span at most 366 days'],
  ])('refuses %j naming the field', async (req, field, message) => {
    await expect(svc.admin.getGameAnalytics(req)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
      details: { field },
    });
  });
});
