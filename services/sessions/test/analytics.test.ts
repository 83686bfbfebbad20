import { swapsOn } from '@ballmatch/kit';
import { dayOf } from '@ballmatch/platform';
import type { sessionsV1 } from '@ballmatch/proto';
import { perFile } from '@ballmatch/platform/testing';
import { GAME_SECONDS_EDGES, MOVES_EDGES } from '../src/domain/analytics';
import { newSession } from './fixtures';
import { startSessions } from './harness';
import { humanGap, playOut } from './play';

// Game analytics counted in SQL from real games played through the service, on its own
// database (so every game in it is one of these).
const svc = perFile(startSessions);

const DAY = 86_400_000;
const rangeOf = (figures: readonly number[], value: number) =>
  figures.findLastIndex((from) => value >= from);

/** Every UTC day from `from` to `to`, both included (YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); dayOf(new Date(at)) <= to; at += DAY) {
    days.push(dayOf(new Date(at)));
  }
  return days;
}

// The days are those of the times the service used: sessions start on the database's clock
// (their createdAt), games end on the service's (the test clock, moved by playOut). A run that
// crosses midnight UTC sees them on two days, and expects them there.
describe('GetGameAnalytics', () => {
  let played: Array<{ game: sessionsV1.Game; seconds: number; finishedAt: number }>;
  let starts: number[];
  let flaggedAt: number;

  beforeAll(async () => {
    played = [];
    starts = [];
    // A whole game, extra moves taken; one stopped after two swaps, ten minutes in; one left open
    // (and flagged by an admin).
    for (const stopAfter of [400, 2]) {
      const { id } = await svc.client.createSession(newSession());
      const { session } = await svc.admin.getSession({ id });
      const started = Date.parse(session!.createdAt);
      starts.push(started);
      const gap = stopAfter === 2 ? () => 315_000 : humanGap;
      const game = await playOut(svc, id, gap, {
        maxActions: stopAfter,
        startAt: new Date(started),
      });
      // The game ended at the clock's last reading (its last action).
      const finishedAt = svc.clock.nowMs();
      played.push({ game, seconds: (finishedAt - started) / 1000, finishedAt });
    }
    svc.clock.real();
    const open = await svc.client.createSession(newSession());
    await svc.client.playAction({
      id: open.id,
      seq: 0,
      action: { $case: 'swap', value: swapsOn(open.game!)[0]! },
    });
    await svc.admin.flagSession({ id: open.id, reason: 'Same device as a known bot' });
    flaggedAt = Date.parse((await svc.admin.getSession({ id: open.id })).session!.createdAt);
    starts.push(flaggedAt);
  });

  const onDay = (times: number[], day: string) =>
    times.filter((at) => dayOf(new Date(at)) === day).length;

  it('counts the games that ended in the range: levels, length, moves, extra moves, per day', async () => {
    const ends = played.map((p) => p.finishedAt);
    // A day either side of the games' days.
    const from = dayOf(new Date(Math.min(...starts) - DAY));
    const to = dayOf(new Date(Math.max(...ends) + DAY));
    const figures = await svc.admin.getGameAnalytics({ from, to });
    const [whole, stopped] = played;
    expect(whole!.game.extraMovesGranted).toBe(true);
    expect(stopped!.game.totalMoves).toBe(2);

    expect(figures.from).toBe(from);
    expect(figures.to).toBe(to);
    expect(figures.gamesStarted).toBe(3);
    expect(figures.gamesFinished).toBe(2);
    expect(figures.days).toEqual(
      daysBetween(from, to).map((day) => ({
        day,
        started: onDay(starts, day),
        finished: onDay(ends, day),
        suspicious: onDay([flaggedAt], day),
      })),
    );

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

  it('defaults to the last 30 days by its clock, to its today; a range without games is all zeros', async () => {
    // The clock on the last millisecond of the day of the latest start or end, then on the next
    // day's first: every game is in the 30 days either way.
    const today = dayOf(new Date(Math.max(...starts, ...played.map((p) => p.finishedAt))));
    svc.clock.set(`${today}T23:59:59.999Z`);
    const last30 = await svc.admin.getGameAnalytics({ from: '', to: '' });
    expect(last30.days.map((d) => d.day)).toEqual(
      daysBetween(dayOf(new Date(Date.parse(today) - 29 * DAY)), today),
    );
    expect(last30).toMatchObject({ to: today, gamesStarted: 3, gamesFinished: 2 });
    svc.clock.advance(1);
    const tomorrow = dayOf(svc.clock.now());
    const next = await svc.admin.getGameAnalytics({ from: '', to: '' });
    expect(next.days).toHaveLength(30);
    expect(next).toMatchObject({ to: tomorrow, gamesStarted: 3, gamesFinished: 2 });
    expect(next.days.at(-1)).toEqual({ day: tomorrow, started: 0, finished: 0, suspicious: 0 });

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
