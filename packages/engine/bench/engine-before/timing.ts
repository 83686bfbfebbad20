// Anti-cheat move-timing analysis (README.md, 'Anti-cheat timing'): the same verdict on the client
// and on the server.
import { TIMING } from './constants';

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
