// Points per run: the run's length times a multiplier that grows with the length (README.md,
// 'Scoring').
import { MIN_RUN } from './constants';

/** The multiplier for a run of `length` balls: 1 (3), 2 (4), 3 (5), 5 (6 or more). */
export function runMultiplier(length: number): number {
  if (length >= 6) return 5;
  if (length === 5) return 3;
  if (length === 4) return 2;
  return 1;
}

/** Points for one run: 3 -> 3, 4 -> 8, 5 -> 15, n >= 6 -> n x 5; shorter lines score nothing. */
export function pointsForRun(length: number): number {
  if (!Number.isInteger(length) || length < MIN_RUN) return 0;
  return length * runMultiplier(length);
}
