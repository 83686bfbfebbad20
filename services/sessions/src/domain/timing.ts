import {
  analyzePace,
  analyzeTiming,
  entryFromCode,
  replay,
  type PaceAnalysis,
  type ReplayResult,
  type PaceFlag,
  type TimingAnalysis,
  type TimingFlag,
} from '@ballmatch/engine';
import type { LoggedAction } from '../store/games';

/** The gaps player tracking shows (a game's log is rarely longer). */
const MAX_GAPS = 2000;

/** A held game's log as judged: its seed, and its actions in play order as received. */
export interface TimedGame {
  sessionId: string;
  seed: string;
  actions: readonly LoggedAction[];
}

/** The server's timing rules on a game (docs/api.md 'Move timing'). */
export interface TimingReport extends Omit<TimingAnalysis, 'flags'> {
  flags: (TimingFlag | PaceFlag)[];
  /** The page-pace rule: answers followed sooner than the page can show them. */
  pace: PaceAnalysis;
}

export interface TimingVerdict {
  /** The log replayed from the seed: the game the log says was played (the end's audit). */
  replayed: ReplayResult;
  suspicious: boolean;
  /** What the analysis saw, for the admin reading the flag. */
  details: string;
  /** Mean of the gaps in (0, 10 s]: the session's averageMoveDuration. */
  averageMoveDuration: number;
}

/** The game's log replayed from its seed, by the engine (the answers' cascades, the final state). */
const replayOf = (game: TimedGame) =>
  replay(
    game.seed,
    game.actions.map((a) => entryFromCode(a.code, 0)),
  );

/**
 * Both of the server's rules on the times this server received the game's actions: the engine's
 * analyzeTiming (too many gaps under 100 ms, or gaps too even), and its analyzePace (actions
 * sooner than the page could have shown the answer before them, by the cascades the replay of
 * the log from the seed gives; a log that does not replay has no answers to judge, and is the
 * end's audit's finding). The page's own clock takes no part.
 */
export function timingOf(game: TimedGame, replayed = replayOf(game)): TimingReport {
  const times = game.actions.map((a) => a.receivedAt.getTime());
  // Sorted for the gaps' rules: an arrival order read from two replicas' clocks may disagree.
  const analysis = analyzeTiming(inOrder(times));
  const pace = analyzePace(times, replayed.ok ? replayed.answers : []);
  return {
    ...analysis,
    suspicious: analysis.suspicious || pace.suspicious,
    flags: [...analysis.flags, ...pace.flags],
    pace,
  };
}

/** The verdict given when the game ends: the flag's details name what was measured. */
export function judgeTiming(game: TimedGame): TimingVerdict {
  const replayed = replayOf(game);
  const report = timingOf(game, replayed);
  const percent = Math.round(report.fastRatio * 100);
  const details =
    `${report.moveCount} moves: ${report.fastGapCount} of ${report.gapCount} gaps ` +
    `under 100 ms (${percent}%), variation ${report.coefficientOfVariation.toFixed(3)}, ` +
    `mean gap ${Math.round(report.meanGap)} ms, ${report.pace.tooSoon} of ` +
    `${report.pace.answersJudged} answers followed before the page could show them` +
    (report.flags.length ? ` [${report.flags.join(', ')}]` : '');
  return {
    replayed,
    suspicious: report.suspicious,
    details,
    averageMoveDuration: report.averageMoveDuration,
  };
}

const inOrder = (timestamps: readonly number[]) => [...timestamps].sort((a, b) => a - b);

/** What an admin reads in player tracking: the rules' findings and the gaps they were made of. */
export function timingReport(game: TimedGame): Omit<TimingReport, 'pace'> & { gaps: number[] } {
  const { pace: _pace, ...report } = timingOf(game);
  const sorted = inOrder(game.actions.map((a) => a.receivedAt.getTime()));
  const gaps = sorted.slice(1, MAX_GAPS + 1).map((at, i) => at - sorted[i]!);
  return { ...report, gaps };
}
