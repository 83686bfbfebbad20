import { boardFromGrid } from '../src/board';
import { findRuns, hasRun, standsInRun } from '../src/matches';
import { NO_MOVE_ROWS, gridOf } from './helpers';

describe('finding runs', () => {
  it('finds nothing on a settled board', () => {
    const board = boardFromGrid(gridOf(NO_MOVE_ROWS));
    expect(findRuns(board)).toEqual([]);
    expect(hasRun(board)).toBe(false);
  });

  it('finds maximal row and column runs with their cells in order', () => {
    const board = boardFromGrid(
      gridOf([
        'r r r r g p', // a row run of 4
        'b y g p o y',
        'g p o y b r',
        'o y b r g b',
        'b r g p o b',
        'g p o y b b', // column 5 rows 3..7: 5 blues
        'o y b r g b',
        'b r g p o b',
      ]),
    );
    const runs = findRuns(board);
    expect(runs).toEqual([
      { color: 3, cells: [0, 1, 2, 3], direction: 'row' },
      { color: 2, cells: [23, 29, 35, 41, 47], direction: 'column' },
    ]);
    expect(standsInRun(board, 2)).toBe(true);
    expect(standsInRun(board, 4)).toBe(false);
    expect(standsInRun(board, 47)).toBe(true);
  });

  it('treats two balls as no run, and a whole row or column as one run', () => {
    const rows = [...NO_MOVE_ROWS];
    rows[7] = 'r r r r r r';
    const runs = findRuns(boardFromGrid(gridOf(rows)));
    expect(runs).toHaveLength(1);
    expect(runs[0].cells).toHaveLength(6);
  });
});
