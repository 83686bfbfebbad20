import { pointsForRun, runMultiplier } from '../src';

describe('points per run', () => {
  it.each([
    [3, 1, 3],
    [4, 2, 8],
    [5, 3, 15],
    [6, 5, 30],
    [7, 5, 35],
    [8, 5, 40],
  ])('a run of %i has multiplier %i and scores %i', (length, multiplier, points) => {
    expect(runMultiplier(length)).toBe(multiplier);
    expect(pointsForRun(length)).toBe(points);
  });

  it('scores nothing for lines shorter than 3 or nonsense lengths', () => {
    expect(pointsForRun(2)).toBe(0);
    expect(pointsForRun(0)).toBe(0);
    expect(pointsForRun(3.5)).toBe(0);
  });
});
