import { analyzeTiming } from '@ballmatch/engine';

export interface TimingVerdict {
  suspicious: boolean;
  /** What the analysis saw, for the admin reading the flag. */
  details: string;
}

/**
 * The server's own verdict (the engine's analyzeTiming: the same rule the client applies) on every
 * timestamp the session holds. Sorted first: updates may arrive out of order (a retried one
 * after a later one), and an arrival order is not a move order.
 */
export function judgeTiming(timestamps: readonly number[]): TimingVerdict {
  const sorted = [...timestamps].sort((a, b) => a - b);
  const analysis = analyzeTiming(sorted);
  const percent = Math.round(analysis.fastRatio * 100);
  const details =
    `${analysis.moveCount} moves: ${analysis.fastGapCount} of ${analysis.gapCount} gaps ` +
    `under 100 ms (${percent}%), variation ${analysis.coefficientOfVariation.toFixed(3)}, ` +
    `mean gap ${Math.round(analysis.meanGap)} ms` +
    (analysis.flags.length ? ` [${analysis.flags.join(', ')}]` : '');
  return { suspicious: analysis.suspicious, details };
}
