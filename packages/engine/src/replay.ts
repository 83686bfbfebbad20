// Replaying a submitted game: the same actions through the same code from the same seed. The
// server trusts a score only when this reaches it; any impossible entry is named with its reason.
import { MAX_LOG_ENTRIES } from './log';
import type { GameLogEntry } from './log';
import { grantInPlay, newPlay, resetInPlay, stateFromPlay, swapInPlay } from './play';
import { REJECTION_MESSAGES } from './rejections';
import type { Rejection } from './rejections';
import { analyzeTiming } from './timing';
import type { TimingAnalysis } from './timing';
import type { AnswerShape } from './display';
import type { GameState } from './types';

export type ReplayRejection = Rejection | 'invalidEntry' | 'logTooLong';

export interface ReplaySuccess {
  ok: true;
  score: number;
  /** The level reached (currentLevel). */
  level: number;
  /** Valid swaps made in the whole game (the Score entity's `moves`). */
  moves: number;
  /** Moves used on the last level. */
  movesUsed: number;
  totalMatches: number;
  largestRun: number;
  extraMovesGranted: boolean;
  resets: number;
  /** Timing analysis of the swaps' timestamps. */
  timing: TimingAnalysis;
  /** What each entry was answered, in log order: the page's display time of it (display.ts). */
  answers: AnswerShape[];
  /** The final state; the end of the log ends the game, so its status is 'ended'. */
  state: GameState;
}

export interface ReplayFailure {
  ok: false;
  /** Index in the log of the first impossible entry (MAX_LOG_ENTRIES for 'logTooLong'). */
  entryIndex: number;
  reason: ReplayRejection;
  message: string;
}

export type ReplayResult = ReplaySuccess | ReplayFailure;

function isCell(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** What is structurally wrong with an entry, or null. Guards callers that skip decodeGameLog. */
function entryProblem(entry: GameLogEntry, previousAt: number): string | null {
  if (typeof entry !== 'object' || entry === null) return 'The entry is not an object.';
  if (typeof entry.at !== 'number' || !Number.isFinite(entry.at)) {
    return 'The entry has no valid timestamp.';
  }
  if (entry.at < previousAt) return 'The entry is timed before the previous one.';
  if (entry.type === 'swap') {
    return isCell(entry.from) && isCell(entry.to) ? null : 'The swap has no cells.';
  }
  return entry.type === 'reset' || entry.type === 'extraMoves' ? null : 'Unknown entry type.';
}

/** A reset's new board and a grant's moves are shown at once, with no cascade. */
const SHOWN_AT_REST: AnswerShape = { cascadeSteps: 0, levelUp: false };

/** Replays a log from the game's seed; the end of the log is the end of the game. */
export function replay(seed: string, log: readonly GameLogEntry[]): ReplayResult {
  if (!Array.isArray(log)) {
    return { ok: false, entryIndex: 0, reason: 'invalidEntry', message: 'The log is not a list.' };
  }
  if (log.length > MAX_LOG_ENTRIES) {
    return {
      ok: false,
      entryIndex: MAX_LOG_ENTRIES,
      reason: 'logTooLong',
      message: `A game log holds at most ${MAX_LOG_ENTRIES} entries.`,
    };
  }
  // One play for the whole game, changed in place: no state is built until the end.
  const play = newPlay(seed);
  const swapTimes: number[] = [];
  const answers: AnswerShape[] = [];
  let resets = 0;
  let previousAt = -Infinity;
  for (let entryIndex = 0; entryIndex < log.length; entryIndex++) {
    const entry = log[entryIndex];
    const problem = entryProblem(entry, previousAt);
    if (problem !== null)
      return { ok: false, entryIndex, reason: 'invalidEntry', message: problem };
    previousAt = entry.at;
    let refusal: Rejection | null;
    if (entry.type === 'swap') {
      const outcome = swapInPlay(play, entry.from, entry.to, false);
      refusal = typeof outcome === 'string' ? outcome : null;
      if (typeof outcome !== 'string') {
        answers.push({
          cascadeSteps: outcome.resolution.rounds,
          levelUp: outcome.levelUp !== null,
        });
      }
    } else {
      refusal = entry.type === 'reset' ? resetInPlay(play) : grantInPlay(play);
      answers.push(SHOWN_AT_REST);
    }
    if (refusal !== null) {
      return { ok: false, entryIndex, reason: refusal, message: REJECTION_MESSAGES[refusal] };
    }
    if (entry.type === 'swap') swapTimes.push(entry.at);
    if (entry.type === 'reset') resets++;
  }
  play.status = 'ended'; // the end of the log ends the game (endGame)
  const state = stateFromPlay(play);
  return {
    ok: true,
    score: state.score,
    level: state.level.currentLevel,
    moves: state.totalMoves,
    movesUsed: state.level.movesUsed,
    totalMatches: state.totalMatches,
    largestRun: state.largestRun,
    extraMovesGranted: state.extraMovesGranted,
    resets,
    timing: analyzeTiming(swapTimes),
    answers,
    state,
  };
}
