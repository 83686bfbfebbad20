import { analyzeTiming, type TimingAnalysis } from '@ballmatch/engine';

/** The gaps player tracking shows (a game's log is rarely longer). */
const MAX_GAPS = 2000;

export interface TimingVerdict {
  suspicious: boolean;
  /** What the analysis saw, for the admin reading the flag. */
  details: string;
  /** Mean of the gaps in (0, 10 s]: the session's averageMoveDuration. */
  averageMoveDuration: number;
}

/**
 * The server's own verdict (the engine's analyzeTiming: the same rule the client applies) on every
 * timestamp the session holds. Sorted first: updates may arrive out of order (a retried one
 * after a later one), and an arrival order is not a move order.
 */
export function judgeTiming(timestamps: readonly number[]): TimingVerdict {
  const analysis = analyzeTiming(inOrder(timestamps));
  const percent = Math.round(analysis.fastRatio * 100);
  const details =
    `${analysis.moveCount} moves: ${analysis.fastGapCount} of ${analysis.gapCount} gaps ` +
    `under 100 ms (${percent}%), variation ${analysis.coefficientOfVariation.toFixed(3)}, ` +
    `mean gap ${Math.round(analysis.meanGap)} ms` +
    (analysis.flags.length ? ` [${analysis.flags.join(', ')}]` : '');
  return {
    suspicious: analysis.suspicious,
    details,
    averageMoveDuration: analysis.averageMoveDuration,
  };
}

const inOrder = (timestamps: readonly number[]) => [...timestamps].sort((a, b) => a - b);

/** What an admin reads in player tracking: the analysis and the gaps it was made of. */
export function timingReport(timestamps: readonly number[]): TimingAnalysis & { gaps: number[] } {
  const sorted = inOrder(timestamps);
  const gaps = sorted.slice(1, MAX_GAPS + 1).map((at, i) => at - sorted[i]!);
  return { ...analyzeTiming(sorted), gaps };
}
