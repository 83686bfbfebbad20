// The working form of a grid inside the engine: one flat typed array of colour indices
// (index = y * GRID_COLUMNS + x, EMPTY for a popped ball). Converting at the edges keeps the
// public state readable (colour names) and the inner loops cheap: no boxing, no holes, and a
// board can be reused instead of allocated for every action.
import { COLORS, GRID_COLUMNS, GRID_ROWS } from './constants';
import type { Color } from './constants';
import type { Cell, Grid } from './types';

export type Board = Int8Array;

export const EMPTY = -1;
export const CELL_COUNT = GRID_COLUMNS * GRID_ROWS;

export function createBoard(): Board {
  return new Int8Array(CELL_COUNT);
}

// The six colour names start with six different letters: a table on the first character finds
// the index, and one comparison confirms the whole name (anything else becomes EMPTY, which
// never counts in a run or a move).
const BY_FIRST_CHAR = new Int8Array(128).fill(EMPTY);
COLORS.forEach((color, index) => (BY_FIRST_CHAR[color.charCodeAt(0)] = index));

function colorIndex(color: Color): number {
  if (typeof color !== 'string') return EMPTY; // a malformed grid: no crash, never a match
  const index = BY_FIRST_CHAR[color.charCodeAt(0) & 127];
  return index !== EMPTY && COLORS[index] === color ? index : EMPTY;
}

/** The board of a grid, written into `board` (a new one by default). */
export function boardFromGrid(grid: Grid, board: Board = createBoard()): Board {
  for (let y = 0; y < GRID_ROWS; y++) {
    const row = grid[y];
    const rowStart = y * GRID_COLUMNS;
    for (let x = 0; x < GRID_COLUMNS; x++) board[rowStart + x] = colorIndex(row[x]);
  }
  return board;
}

/**
 * A grid from its cells row by row from the top (`grid.flat()`: how a server sends the board
 * it holds). Colours are taken as given; the caller checks untrusted input.
 */
export function gridFromCells(cells: readonly Color[]): Grid {
  return Array.from({ length: GRID_ROWS }, (_, y) =>
    cells.slice(y * GRID_COLUMNS, (y + 1) * GRID_COLUMNS),
  );
}

/**
 * A well-formed grid's cells row by row from the top: what `grid.flat()` gives, which V8 makes
 * forty times slower than these six reads a row (GRID_COLUMNS is 6). A server sends its board
 * in this form.
 */
export function gridCells(grid: Grid): Color[] {
  const cells: Color[] = [];
  for (let y = 0; y < GRID_ROWS; y++) {
    const row = grid[y];
    cells.push(row[0], row[1], row[2], row[3], row[4], row[5]);
  }
  return cells;
}

export function gridFromBoard(board: Board): Grid {
  const grid: Grid = new Array<Color[]>(GRID_ROWS);
  for (let y = 0; y < GRID_ROWS; y++) {
    const i = y * GRID_COLUMNS;
    // A literal row: one allocation with its final size and kind (GRID_COLUMNS is 6).
    grid[y] = [
      COLORS[board[i]],
      COLORS[board[i + 1]],
      COLORS[board[i + 2]],
      COLORS[board[i + 3]],
      COLORS[board[i + 4]],
      COLORS[board[i + 5]],
    ];
  }
  return grid;
}

export function cellAt(index: number): Cell {
  return { x: index % GRID_COLUMNS, y: (index / GRID_COLUMNS) | 0 };
}

export function isInside(cell: Cell): boolean {
  return (
    Number.isInteger(cell.x) &&
    Number.isInteger(cell.y) &&
    cell.x >= 0 &&
    cell.x < GRID_COLUMNS &&
    cell.y >= 0 &&
    cell.y < GRID_ROWS
  );
}

export function isAdjacent(a: Cell, b: Cell): boolean {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1;
}
