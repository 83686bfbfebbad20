// The boards of the grids this engine handed out. A caller such as the sessions service passes
// the state it was given straight back for the next action: its grid is then found here instead
// of read name by name, and is known to stand without a run, so the swap need only look near
// itself. Each cell is still compared with the remembered board (a caller may have changed the
// grid in place); any difference and the grid is read as any other.
import { boardFromGrid } from './board';
import type { Board } from './board';
import { COLORS, GRID_COLUMNS, GRID_ROWS } from './constants';
import type { Grid } from './types';

// The board rides on the grid array itself as a private field, added to an array the engine
// just made by the return-override idiom (a base constructor that returns the given object).
// A private field is invisible to JSON, Object.keys, symbols, structuredClone and test
// equality, so the state stays plain data; and it costs what a property store costs, where a
// WeakMap entry for every short-lived state cost ten times the rest of a swap in collection.
class Target {
  constructor(target: object) {
    return target;
  }
}

class RememberedBoard extends Target {
  #board: Board;

  private constructor(grid: Grid, board: Board) {
    super(grid);
    this.#board = board;
  }

  static attach(grid: Grid, board: Board): void {
    new RememberedBoard(grid, board);
  }

  static of(grid: Grid): Board | undefined {
    return typeof grid === 'object' && grid !== null && #board in grid
      ? (grid as unknown as RememberedBoard).#board
      : undefined;
  }
}

/** Remembers the board of a grid the engine built from it; the board must stand without a run. */
export function rememberSettled(grid: Grid, board: Board): void {
  RememberedBoard.attach(grid, board.slice());
}

function sameCells(grid: Grid, board: Board): boolean {
  for (let y = 0, i = 0; y < GRID_ROWS; y++) {
    const row = grid[y];
    for (let x = 0; x < GRID_COLUMNS; x++, i++) if (row[x] !== COLORS[board[i]]) return false;
  }
  return true;
}

/**
 * Reads a grid into `board`; true when it is a grid the engine handed out, unchanged, so it
 * stands without a run.
 */
export function readGrid(grid: Grid, board: Board): boolean {
  const remembered = RememberedBoard.of(grid);
  if (remembered !== undefined && sameCells(grid, remembered)) {
    board.set(remembered);
    return true;
  }
  boardFromGrid(grid, board);
  return false;
}
