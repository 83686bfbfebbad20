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

/** Whether the ball at `index` is part of a run (a local check, cheaper than findRuns). */
export function standsInRun(board: Board, index: number): boolean {
  const color = board[index];
  if (color === EMPTY) return false;
  const x = index % GRID_COLUMNS;
  const y = (index / GRID_COLUMNS) | 0;
  let count = 1;
  for (let i = x - 1; i >= 0 && board[index - x + i] === color; i--) count++;
  for (let i = x + 1; i < GRID_COLUMNS && board[index - x + i] === color; i++) count++;
  if (count >= MIN_RUN) return true;
  count = 1;
  for (let j = y - 1; j >= 0 && board[j * GRID_COLUMNS + x] === color; j--) count++;
  for (let j = y + 1; j < GRID_ROWS && board[j * GRID_COLUMNS + x] === color; j++) count++;
  return count >= MIN_RUN;
}

/** Whether any run stands anywhere on the board. */
export function hasRun(board: Board): boolean {
  for (let index = 0; index < board.length; index++) {
    if (standsInRun(board, index)) return true;
  }
  return false;
}
