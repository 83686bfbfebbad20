import { COLORS, createGame, findMoves, swap } from '../src';
import type { Color, Grid } from '../src';
import { EMPTY, boardFromGrid, createBoard, gridFromBoard } from '../src/board';

describe('the working board', () => {
  it('reads every colour name to its index and back', () => {
    const grid = createGame('board-round-trip').grid;
    const board = boardFromGrid(grid);
    expect(board).toBeInstanceOf(Int8Array);
    expect([...board].every((c) => c >= 0 && c < COLORS.length)).toBe(true);
    expect(gridFromBoard(board)).toEqual(grid);
    // Into a given board too (the actions reuse one).
    const reused = createBoard();
    expect(boardFromGrid(grid, reused)).toBe(reused);
    expect(reused).toEqual(board);
  });

  it('reads a malformed grid (unknown names, missing cells) as holes, without throwing', () => {
    const grid = createGame('board-malformed').grid.map((row) => [...row]) as unknown[][];
    grid[0][0] = 'olive';
    grid[0][1] = 'Orange';
    grid[1][2] = undefined;
    grid[2][3] = 7;
    grid[3].length = 4;
    const board = boardFromGrid(grid as Grid);
    expect([board[0], board[1], board[8], board[15], board[22], board[23]]).toEqual(
      Array(6).fill(EMPTY),
    );
    const state = { ...createGame('board-malformed'), grid: grid as Color[][] };
    expect(() => findMoves(state)).not.toThrow();
    expect(() => swap(state, { x: 0, y: 7 }, { x: 1, y: 7 })).not.toThrow();
  });
});
