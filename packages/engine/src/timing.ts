// Anti-cheat move-timing analysis (README.md, 'Anti-cheat timing'): the same verdict on the client
// and on the server.
import { TIMING } from './constants';
import { answerDisplay, type AnswerShape } from './display';

export type TimingFlag = 'fastMoves' | 'lowVariation';

export interface TimingAnalysis {
  /** Timestamps analysed (one per move). */
  moveCount: number;
  /** Gaps between consecutive moves: moveCount - 1 (0 for fewer than 2 moves). */
  gapCount: number;
  /** Gaps under TIMING.fastGapMs (100 ms), zero and negative ones included. */
  fastGapCount: number;
  /** fastGapCount / gapCount (0 without gaps). */
  fastRatio: number;
  /** Mean of all gaps (0 without gaps). */
  meanGap: number;
  /** Population standard deviation of all gaps over their mean (0 when the mean is not positive). */
  coefficientOfVariation: number;
  /** Mean of the gaps in (0, 10000] ms only (0 when none): the session's averageMoveDuration. */
  averageMoveDuration: number;
  /** True when at least TIMING.minMoves moves were analysed and a flag is raised. */
  suspicious: boolean;
  /** 'fastMoves': more than 30% of gaps under 100 ms; 'lowVariation': variation under 0.1. */
  flags: TimingFlag[];
}

/** Analyses move timestamps (milliseconds, in the order the moves were made). */
export function analyzeTiming(timestamps: readonly number[]): TimingAnalysis {
  const moveCount = timestamps.length;
  const gapCount = Math.max(0, moveCount - 1);
  let fastGapCount = 0;
  let gapSum = 0;
  let countedSum = 0;
  let countedGaps = 0;
  for (let i = 1; i < moveCount; i++) {
    const gap = timestamps[i] - timestamps[i - 1];
    gapSum += gap;
    if (gap < TIMING.fastGapMs) fastGapCount++;
    if (gap > 0 && gap <= TIMING.maxCountedGapMs) {
      countedSum += gap;
      countedGaps++;
    }
  }
  const meanGap = gapCount > 0 ? gapSum / gapCount : 0;
  let squares = 0;
  for (let i = 1; i < moveCount; i++) {
    const deviation = timestamps[i] - timestamps[i - 1] - meanGap;
    squares += deviation * deviation;
  }
  const standardDeviation = gapCount > 0 ? Math.sqrt(squares / gapCount) : 0;
  // A mean of 0 or less means moves at the same instant: treated as no variation at all.
  const coefficientOfVariation = meanGap > 0 ? standardDeviation / meanGap : 0;
  const fastRatio = gapCount > 0 ? fastGapCount / gapCount : 0;

  const flags: TimingFlag[] = [];
  if (moveCount >= TIMING.minMoves) {
    if (fastRatio > TIMING.fastRatioThreshold) flags.push('fastMoves');
    if (coefficientOfVariation < TIMING.variationThreshold) flags.push('lowVariation');
  }
  return {
    moveCount,
    gapCount,
    fastGapCount,
    fastRatio,
    meanGap,
    coefficientOfVariation,
    averageMoveDuration: countedGaps > 0 ? countedSum / countedGaps : 0,
    suspicious: flags.length > 0,
    flags,
  };
}

/** The page-pace rule's flag: answers followed sooner than the page can show them. */
export type PaceFlag = 'fasterThanAnimation';

/** The page-pace rule's finding (README.md, 'Anti-cheat timing'). */
export interface PaceAnalysis {
  /** Answers the page animates that another action followed. */
  answersJudged: number;
  /** Of those, the ones followed too soon: before the page could have shown them. */
  tooSoon: number;
  /** True when at least TIMING.minTooSoon answers were followed too soon (of TIMING.minMoves actions or more). */
  suspicious: boolean;
  flags: PaceFlag[];
}

/**
 * Judges the gap after each answer the page animates. `times`: when each action arrived (ms, in
 * play order, by the server's clock); `answers[i]`: what action i was answered. The next action
 * is too soon when it arrived more than TIMING.displayToleranceMs before the page, at its
 * fastest, could have finished showing the answer (answerDisplay). Network delays can hide only
 * the answer's opening, which the page plays while the action travels (the rest waits for the
 * answer); hiding even 100 ms of it needs the answer's trip back, the next action's trip and the
 * player's reaction to add up to under 60 ms (at reduced motion, whose opening is 160 ms).
 */
export function analyzePace(
  times: readonly number[],
  answers: readonly AnswerShape[],
): PaceAnalysis {
  let answersJudged = 0;
  let tooSoon = 0;
  const count = Math.min(times.length, answers.length);
  for (let i = 0; i + 1 < count; i++) {
    const shown = answerDisplay(answers[i]).totalMs;
    if (shown === 0) continue;
    answersJudged++;
    if (times[i + 1] - times[i] < shown - TIMING.displayToleranceMs) tooSoon++;
  }
  // As the gaps' rule: a game of fewer actions is not judged.
  const suspicious = count >= TIMING.minMoves && tooSoon >= TIMING.minTooSoon;
  return { answersJudged, tooSoon, suspicious, flags: suspicious ? ['fasterThanAnimation'] : [] };
}
