import { dayRange } from '@ballmatch/platform';
import type { AnalyticsStore, EdgeCount } from '../store/analytics';

// The ranges the admins' charts group games by: seconds from the session's start to the game's
// end (under a minute, 1-2, 2-5, 5-10, 10-20, 20+ minutes) and swaps made (a first level allows
// 10 moves, each later one a move more, plus 2 bonus moves a level).
export const GAME_SECONDS_EDGES = [0, 60, 120, 300, 600, 1200] as const;
export const MOVES_EDGES = [0, 10, 20, 30, 50, 100] as const;

const DAY_MS = 86_400_000;

/** [from, to) with `to` 0 for the last, open-ended range. */
const closed = (counts: EdgeCount[]) =>
  counts.map((c, i) => ({ from: c.from, to: counts[i + 1]?.from ?? 0, games: c.games }));

/** Game analytics for the admins (the gRPC server lets no one else call it). */
export function createAnalytics(deps: { store: AnalyticsStore; now: () => Date }) {
  return {
    async forDays(fromText: string, toText: string) {
      const { from, to } = dayRange(fromText, toText, deps.now());
      const span = {
        from: new Date(`${from}T00:00:00Z`),
        until: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
      };
      const [figures, days] = await Promise.all([
        deps.store.gameFigures(span, { seconds: GAME_SECONDS_EDGES, moves: MOVES_EDGES }),
        deps.store.playsPerDay(from, to),
      ]);
      return {
        from,
        to,
        gamesStarted: days.reduce((sum, d) => sum + d.started, 0),
        gamesFinished: figures.finished,
        levels: figures.levels,
        gameSeconds: closed(figures.seconds),
        meanGameSeconds: figures.meanSeconds,
        medianGameSeconds: figures.medianSeconds,
        moves: closed(figures.moves),
        meanMoves: figures.meanMoves,
        medianMoves: figures.medianMoves,
        extraMovesOffered: figures.extraOffered,
        extraMovesTaken: figures.extraTaken,
        days,
      };
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
