import { boardFromGrid, gridFromBoard } from '../src/board';
import { resolveBoard } from '../src/cascade';
import { hasRun } from '../src/matches';
import type { RandomSource } from '../src/random';
import { NO_MOVE_ROWS, gridOf, lettersOf, rowRun, rowsWith } from './helpers';

/** Refill colours in draw order (COLORS indices: o0 y1 b2 r3 g4 p5). */
function refills(...colors: number[]): RandomSource & { left: () => number } {
  let next = 0;
  return {
    nextInt: (n) => {
      if (next >= colors.length) throw new Error('the test ran out of refill colours');
      const value = colors[next++];
      if (value >= n) throw new Error('refill colour out of range');
      return value;
    },
    left: () => colors.length - next,
  };
}

function boardOf(rows: string[]) {
  return boardFromGrid(gridOf(rows));
}

/** Resolves the no-move board with these rows changed, drawing exactly these refills. */
function resolveWith(
  changes: Record<number, string>,
  colors: number[],
  target: Parameters<typeof resolveBoard>[2],
) {
  const board = boardOf(rowsWith(changes));
  const rng = refills(...colors);
  const result = resolveBoard(board, rng, target);
  expect(rng.left()).toBe(0);
  return { board, result };
}

describe('cascade resolution', () => {
  it('scores a row of 6 as 30 and drops every column by one', () => {
    const { board, result } = resolveWith({ 7: 'r r r r r r' }, [2, 3, 4, 5, 0, 1], 'red');
    expect(result.steps).toHaveLength(1);
    const [step] = result.steps;
    expect(step.cleared).toEqual([rowRun('red', 7, [0, 1, 2, 3, 4, 5], 30)]);
    expect(step.falls).toHaveLength(6 * 7);
    expect(step.falls[0]).toEqual({ from: { x: 0, y: 6 }, to: { x: 0, y: 7 }, color: 'orange' });
    expect(step.spawned.map((s) => [s.x, s.y, s.fromY, s.color[0]])).toEqual([
      [0, 0, -1, 'b'],
      [1, 0, -1, 'r'],
      [2, 0, -1, 'g'],
      [3, 0, -1, 'p'],
      [4, 0, -1, 'o'],
      [5, 0, -1, 'y'],
    ]);
    expect(result).toMatchObject({ points: 30, targetCollected: 6, runCount: 1, largestRun: 6 });
    expect(lettersOf(gridFromBoard(board))).toEqual(['b r g p o y', ...NO_MOVE_ROWS.slice(0, 7)]);
  });

  it('scores a column of 7 as 35 and a column of 8 as 40, new balls stacked above the board', () => {
    const seven = NO_MOVE_ROWS.map((row, y) => (y === 0 ? row : 'r' + row.slice(1)));
    const sevenResult = resolveBoard(boardOf(seven), refills(2, 4, 0, 2, 4, 0, 2), 'blue');
    expect(sevenResult.steps[0].cleared[0]).toMatchObject({ length: 7, points: 35 });
    expect(sevenResult.steps[0].falls).toEqual([
      { from: { x: 0, y: 0 }, to: { x: 0, y: 7 }, color: 'orange' },
    ]);
    expect(sevenResult.steps[0].spawned.map((s) => [s.y, s.fromY])).toEqual([
      [0, -7],
      [1, -6],
      [2, -5],
      [3, -4],
      [4, -3],
      [5, -2],
      [6, -1],
    ]);

    const eight = NO_MOVE_ROWS.map((row) => 'r' + row.slice(1));
    const eightResult = resolveBoard(boardOf(eight), refills(0, 2, 4, 0, 2, 4, 0, 2), 'blue');
    expect(eightResult.steps[0].cleared[0]).toMatchObject({ length: 8, points: 40 });
    expect(eightResult.largestRun).toBe(8);
  });

  it('runs a two-stage cascade: the fall lines up a second run', () => {
    // The board right after a swap completed 'r r r' on the bottom row. When columns 0-2 drop by
    // one, row 6's 'g g' lands beside row 7's g in column 3: a second run.
    const { board, result } = resolveWith(
      { 6: 'o g g r g p', 7: 'r r r g o y' },
      [1, 2, 0, 0, 4, 2],
      'green',
    );
    expect(result.steps).toHaveLength(2);
    const [first, second] = result.steps;
    expect(first.cleared).toEqual([rowRun('red', 7, [0, 1, 2], 3)]);
    expect(first.spawned.map((s) => [s.x, s.y, s.color])).toEqual([
      [0, 0, 'yellow'],
      [1, 0, 'blue'],
      [2, 0, 'orange'],
    ]);
    expect(second.cleared).toEqual([rowRun('green', 7, [1, 2, 3], 3)]);
    expect(second.targetCollected).toBe(3);
    expect(result).toMatchObject({ points: 6, targetCollected: 3, runCount: 2, largestRun: 3 });
    expect(hasRun(board)).toBe(false);
  });

  it('clears a ball shared by a row run and a column run once, scoring both runs', () => {
    // An L: row 7 x0..2 and column 2 y5..7 share (2,7).
    const rows = [...NO_MOVE_ROWS];
    rows[5] = 'g p r y b r';
    rows[6] = 'o y r b g p';
    rows[7] = 'r r r p o y';
    const result = resolveBoard(boardOf(rows), refills(1, 0, 3, 5, 0), 'red');
    const [step] = result.steps;
    expect(step.cleared.map((run) => [run.direction, run.length, run.points])).toEqual([
      ['row', 3, 3],
      ['column', 3, 3],
    ]);
    expect(step.removed).toHaveLength(5);
    expect(step.targetCollected).toBe(5);
    expect(step.points).toBe(6);
  });
});
