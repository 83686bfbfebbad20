import { analyzeTiming } from '../src';

/** Timestamps starting at 1000 with the given gaps between them. */
function withGaps(gaps: number[]): number[] {
  const times = [1000];
  for (const gap of gaps) times.push(times[times.length - 1] + gap);
  return times;
}

/** Gaps with plenty of variation, so only the fast-gap rule can flag them. */
const VARIED = [400, 2500, 900, 4000, 1500, 700, 3000];

describe('timing analysis', () => {
  it('needs at least 5 moves: 4 instant moves are not flagged, 5 are', () => {
    const four = analyzeTiming(withGaps([0, 0, 0]));
    expect(four).toMatchObject({ moveCount: 4, gapCount: 3, fastRatio: 1, suspicious: false });
    expect(four.flags).toEqual([]);
    const five = analyzeTiming(withGaps([0, 0, 0, 0]));
    expect(five.suspicious).toBe(true);
    expect(five.flags).toEqual(['fastMoves', 'lowVariation']);
  });

  it('handles no moves and one move', () => {
    expect(analyzeTiming([])).toMatchObject({ gapCount: 0, fastRatio: 0, suspicious: false });
    expect(analyzeTiming([5])).toMatchObject({ gapCount: 0, averageMoveDuration: 0 });
  });

  it('counts a gap as fast under 100 ms: 99 is fast, 100 is not', () => {
    expect(analyzeTiming(withGaps([99, 1000])).fastGapCount).toBe(1);
    expect(analyzeTiming(withGaps([100, 1000])).fastGapCount).toBe(0);
    expect(analyzeTiming(withGaps([0, -20, 1000])).fastGapCount).toBe(2);
  });

  it('flags more than 30% fast gaps: 3 of 10 is not flagged, 4 of 10 and 3 of 9 are', () => {
    const threeOfTen = analyzeTiming(withGaps([50, 50, 50, ...VARIED]));
    expect(threeOfTen.fastRatio).toBe(0.3);
    expect(threeOfTen.flags).toEqual([]);
    const fourOfTen = analyzeTiming(withGaps([50, 50, 50, 50, ...VARIED.slice(1)]));
    expect(fourOfTen.fastRatio).toBe(0.4);
    expect(fourOfTen.flags).toEqual(['fastMoves']);
    const threeOfNine = analyzeTiming(withGaps([50, 50, 50, ...VARIED.slice(1)]));
    expect(threeOfNine.flags).toEqual(['fastMoves']);
  });

  it('flags a coefficient of variation below 0.1: exactly 0.1 is not flagged', () => {
    const atBoundary = analyzeTiming(withGaps([900, 1100, 900, 1100]));
    expect(atBoundary.meanGap).toBe(1000);
    expect(atBoundary.coefficientOfVariation).toBe(0.1);
    expect(atBoundary.flags).toEqual([]);
    const justBelow = analyzeTiming(withGaps([901, 1099, 901, 1099]));
    expect(justBelow.coefficientOfVariation).toBeCloseTo(0.099, 10);
    expect(justBelow.flags).toEqual(['lowVariation']);
    const justAbove = analyzeTiming(withGaps([899, 1101, 899, 1101]));
    expect(justAbove.flags).toEqual([]);
    const metronome = analyzeTiming(withGaps([750, 750, 750, 750, 750]));
    expect(metronome).toMatchObject({ coefficientOfVariation: 0, suspicious: true });
    expect(metronome.flags).toEqual(['lowVariation']);
  });

  it('averages only gaps in (0, 10000] ms for the average move duration', () => {
    const result = analyzeTiming(withGaps([0, 10_000, 10_001, 500, -5]));
    expect(result.averageMoveDuration).toBe(5250);
    expect(analyzeTiming(withGaps([0, 0])).averageMoveDuration).toBe(0);
    expect(analyzeTiming(withGaps([1, 10_000])).averageMoveDuration).toBe(5000.5);
  });

  it('uses every gap, long ones included, for the variation', () => {
    const result = analyzeTiming(withGaps([1000, 1000, 1000, 60_000]));
    expect(result.meanGap).toBe(15_750);
    expect(result.flags).toEqual([]);
  });
});
