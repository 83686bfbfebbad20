import { labelledBars, niceCeiling, stackedTotals, valueTicks } from '@/components/charts/scale';

describe('the bar charts’ axes', () => {
  it('end the value axis at 1, 2 or 5 × 10ⁿ, with whole-number lines for counts', () => {
    expect([0, 1, 3, 7, 10, 11, 240, 0.3].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 10, 20, 500, 0.5,
    ]);
    expect(valueTicks(10, true)).toEqual([0, 5, 10]);
    expect(valueTicks(5, true)).toEqual([0, 5]);
    expect(valueTicks(5, false)).toEqual([0, 2.5, 5]);
  });

  it('label as many bars as fit, evenly spaced', () => {
    expect(labelledBars(30, 700)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    expect(labelledBars(6, 700)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(labelledBars(30, 100)).toEqual([0, 15]);
  });

  it('stack series as running totals', () => {
    expect(
      stackedTotals([
        [1, 2],
        [3, 0],
        [1, 1],
      ]),
    ).toEqual([
      [1, 2],
      [4, 2],
      [5, 3],
    ]);
  });
});
