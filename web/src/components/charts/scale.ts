// The axes of the admins' bar charts: where the value axis ends, which bars get a label.

/** The value axis' top: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** The value axis' lines: 0, the middle and the top; no middle of 2.5 for whole counts. */
export function valueTicks(top: number, wholeNumbers: boolean): number[] {
  const middle = top / 2;
  return wholeNumbers && !Number.isInteger(middle) ? [0, top] : [0, middle, top];
}

/** Room a category label needs on the axis, in CSS pixels (a 12 px 'Nov 24' and a gap). */
const LABEL_SPACE = 64;

/** The bars whose category is written under them: every one that fits, evenly spaced. */
export function labelledBars(count: number, plotWidth: number): number[] {
  const fit = Math.max(2, Math.floor(plotWidth / LABEL_SPACE));
  const every = Math.max(1, Math.ceil(count / fit));
  return Array.from({ length: count }, (_, i) => i).filter((i) => i % every === 0);
}

/** Each series' running total in the given order (stacked bars are drawn from these). */
export function stackedTotals(series: readonly (readonly number[])[]): number[][] {
  const totals: number[][] = [];
  series.forEach((values, j) =>
    totals.push(values.map((value, i) => value + (j > 0 ? totals[j - 1]![i]! : 0))),
  );
  return totals;
}
