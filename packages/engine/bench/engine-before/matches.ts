// Finding runs: maximal straight lines of MIN_RUN or more balls of one colour.
import { EMPTY } from './board';
import type { Board } from './board';
import { GRID_COLUMNS, GRID_ROWS, MIN_RUN } from './constants';

export type RunDirection = 'row' | 'column';

/** A run on a board: its colour index and its cells (board indices, left-to-right or top-down). */
export interface Run {
  color: number;
  cells: number[];
  direction: RunDirection;
}

/** Every run standing on the board: rows first (top to bottom), then columns (left to right). */
export function findRuns(board: Board): Run[] {
  const runs: Run[] = [];
  for (let y = 0; y < GRID_ROWS; y++) {
    const rowStart = y * GRID_COLUMNS;
    let start = 0;
    for (let x = 1; x <= GRID_COLUMNS; x++) {
      const color = board[rowStart + start];
      if (x < GRID_COLUMNS && board[rowStart + x] === color) continue;
      if (x - start >= MIN_RUN && color !== EMPTY) {
        const cells: number[] = [];
        for (let i = start; i < x; i++) cells.push(rowStart + i);
        runs.push({ color, cells, direction: 'row' });
      }
      start = x;
    }
  }
  for (let x = 0; x < GRID_COLUMNS; x++) {
    let start = 0;
    for (let y = 1; y <= GRID_ROWS; y++) {
      const color = board[start * GRID_COLUMNS + x];
      if (y < GRID_ROWS && board[y * GRID_COLUMNS + x] === color) continue;
      if (y - start >= MIN_RUN && color !== EMPTY) {
        const cells: number[] = [];
        for (let j = start; j < y; j++) cells.push(j * GRID_COLUMNS + x);
        runs.push({ color, cells, direction: 'column' });
      }
      start = y;
    }
  }
  return runs;
}

// Module-level copies: hot loops read these as constants instead of loading an import.
const COLUMNS = GRID_COLUMNS;
const ROWS = GRID_ROWS;

/** Whether the ball at column x, row y is part of a run (a local check, cheaper than findRuns). */
export function standsInRunAt(board: Board, x: number, y: number): boolean {
  const rowStart = y * COLUMNS;
  const color = board[rowStart + x];
  if (color === EMPTY) return false;
  let count = 1;
  for (let i = x - 1; i >= 0 && board[rowStart + i] === color; i--) count++;
  for (let i = x + 1; i < COLUMNS && board[rowStart + i] === color; i++) count++;
  if (count >= MIN_RUN) return true;
  count = 1;
  for (let j = y - 1; j >= 0 && board[j * COLUMNS + x] === color; j--) count++;
  for (let j = y + 1; j < ROWS && board[j * COLUMNS + x] === color; j++) count++;
  return count >= MIN_RUN;
}

/** Whether the ball at board index `index` is part of a run. */
export function standsInRun(board: Board, index: number): boolean {
  return standsInRunAt(board, index % COLUMNS, (index / COLUMNS) | 0);
}

/** Whether any run stands anywhere on the board. */
export function hasRun(board: Board): boolean {
  for (let index = 0; index < board.length; index++) {
    if (standsInRun(board, index)) return true;
  }
  return false;
}
