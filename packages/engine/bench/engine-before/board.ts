// The working form of a grid inside the engine: one flat array of colour indices
// (index = y * GRID_COLUMNS + x, EMPTY for a popped ball). Converting at the edges keeps the
// public state readable (colour names) and the inner loops cheap.
import { COLORS, GRID_COLUMNS, GRID_ROWS } from './constants';
import type { Color } from './constants';
import type { Cell, Grid } from './types';

export type Board = number[];

export const EMPTY = -1;
export const CELL_COUNT = GRID_COLUMNS * GRID_ROWS;

const COLOR_INDEX: Readonly<Record<string, number>> = Object.fromEntries(
  COLORS.map((color, index) => [color, index]),
);

export function boardFromGrid(grid: Grid): Board {
  const board: Board = new Array<number>(CELL_COUNT);
  for (let y = 0; y < GRID_ROWS; y++) {
    const row = grid[y];
    for (let x = 0; x < GRID_COLUMNS; x++) board[y * GRID_COLUMNS + x] = COLOR_INDEX[row[x]];
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

export function gridFromBoard(board: Board): Grid {
  const grid: Grid = new Array<Color[]>(GRID_ROWS);
  for (let y = 0; y < GRID_ROWS; y++) {
    const row = new Array<Color>(GRID_COLUMNS);
    for (let x = 0; x < GRID_COLUMNS; x++) row[x] = COLORS[board[y * GRID_COLUMNS + x]];
    grid[y] = row;
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
