import {
  COLORS,
  GRID_ATTEMPTS,
  GRID_COLUMNS,
  GRID_ROWS,
  createGame,
  findMoves,
  gridFromCells,
} from '../src';
import { CELL_COUNT, boardFromGrid } from '../src/board';
import { fallbackBoard, generateBoard } from '../src/grid';
import { hasRun } from '../src/matches';
import { hasMove, listMoves } from '../src/moves';
import type { RandomSource } from '../src/random';
import { NO_MOVE_ROWS, gridOf, lettersOf } from './helpers';

/** A source that always answers the same value: every draw is the same colour. */
const constant = (value: number): RandomSource => ({ nextInt: (n) => value % n });

describe('new grids', () => {
  it('are 6 columns by 8 rows of known colours', () => {
    const { grid } = createGame('shape');
    expect(grid).toHaveLength(GRID_ROWS);
    for (const row of grid) {
      expect(row).toHaveLength(GRID_COLUMNS);
      for (const color of row) expect(COLORS).toContain(color);
    }
  });

  it('never hold a run and always have a move, over 2000 seeds', () => {
    for (let i = 0; i < 2000; i++) {
      const board = boardFromGrid(createGame(`grid-${i}`).grid);
      expect(hasRun(board)).toBe(false);
      expect(hasMove(board)).toBe(true);
    }
  });

  it('are pinned: stored games replay only while the same seed gives the same game', () => {
    const game = createGame('ballmatch');
    expect(lettersOf(game.grid)).toEqual([
      'g b y y b p',
      'b o o y r p',
      'y y r o y y',
      'r y o p o g',
      'r r o r y b',
      'y g g p g g',
      'p r b o y o',
      'g o o p o b',
    ]);
    expect(game.level.targetColor).toBe('purple');
    expect(game.rng).toEqual([2940247555, 3148935591, 4191420688, 2023616059]);
  });

  it('are the same for the same seed', () => {
    expect(createGame('same').grid).toEqual(createGame('same').grid);
    expect(createGame('same').grid).not.toEqual(createGame('other').grid);
  });

  it('repair runs deterministically when the fix passes run out', () => {
    // Every draw is orange: the passes can never fix anything, so the repair must.
    const board = generateBoard(constant(0));
    expect(board).toHaveLength(CELL_COUNT);
    expect(hasRun(board)).toBe(false);
    expect(hasMove(board)).toBe(true);
  });

  it('fall back to a fixed pattern with moves when no drawn board has one', () => {
    // Every attempt draws the run-free, move-free board of NO_MOVE_ROWS.
    const noMoveBoard = boardFromGrid(gridOf(NO_MOVE_ROWS));
    expect(hasMove(noMoveBoard)).toBe(false);
    let draws = 0;
    const rigged: RandomSource = {
      nextInt: (n) =>
        draws < GRID_ATTEMPTS * CELL_COUNT ? noMoveBoard[draws++ % CELL_COUNT] : n - 1,
    };
    const board = generateBoard(rigged);
    expect(draws).toBe(GRID_ATTEMPTS * CELL_COUNT);
    expect(board).toEqual(fallbackBoard({ nextInt: (n) => n - 1 }));
    expect(hasRun(board)).toBe(false);
    expect(hasMove(board)).toBe(true);
  });

  it('fallback pattern: no run and a move under every palette shuffle', () => {
    let draw = 0;
    const cycling: RandomSource = { nextInt: (n) => draw++ % n };
    for (let i = 0; i < 200; i++) {
      const board = fallbackBoard(cycling);
      expect(new Set(board).size).toBe(6);
      expect(hasRun(board)).toBe(false);
      expect(listMoves(board).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('findMoves lists each valid swap once, upper/left cell first', () => {
    const state = createGame('moves');
    const moves = findMoves(state);
    expect(moves.length).toBeGreaterThan(0);
    const keys = new Set(moves.map((m) => `${m.from.x},${m.from.y}>${m.to.x},${m.to.y}`));
    expect(keys.size).toBe(moves.length);
    for (const { from, to } of moves) {
      expect(to.x - from.x + (to.y - from.y)).toBe(1);
    }
  });

  it('gridFromCells reads back a board sent row by row, and the moves on it are the same', () => {
    const state = createGame('cells');
    const grid = gridFromCells(state.grid.flat());
    expect(grid).toEqual(state.grid);
    expect(findMoves({ grid })).toEqual(findMoves(state));
  });
});
