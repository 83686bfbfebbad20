// Finding runs: maximal straight lines of MIN_RUN or more balls of one colour.
import { EMPTY } from './board';
import type { Board } from './board';
import type { ClearedRun } from './cascade';
import { GRID_COLUMNS, GRID_ROWS, MIN_RUN } from './constants';
import { runAt } from './pieces';
import { pointsForRun } from './scoring';

export type RunDirection = 'row' | 'column';

/** A run on a board: its colour index and its cells (board indices, left-to-right or top-down). */
export interface Run {
  color: number;
  cells: number[];
  direction: RunDirection;
}

// Module-level copies: hot loops read these as constants instead of loading an import.
const COLUMNS = GRID_COLUMNS;
const ROWS = GRID_ROWS;

/** Every run standing on the board: rows first (top to bottom), then columns (left to right). */
export function findRuns(board: Board): Run[] {
  const runs: Run[] = [];
  for (let y = 0; y < ROWS; y++) {
    const rowStart = y * COLUMNS;
    let start = 0;
    for (let x = 1; x <= COLUMNS; x++) {
      const color = board[rowStart + start];
      if (x < COLUMNS && board[rowStart + x] === color) continue;
      if (x - start >= MIN_RUN && color !== EMPTY) {
        const cells: number[] = [];
        for (let i = start; i < x; i++) cells.push(rowStart + i);
        runs.push({ color, cells, direction: 'row' });
      }
      start = x;
    }
  }
  for (let x = 0; x < COLUMNS; x++) {
    let start = 0;
    for (let y = 1; y <= ROWS; y++) {
      const color = board[start * COLUMNS + x];
      if (y < ROWS && board[y * COLUMNS + x] === color) continue;
      if (y - start >= MIN_RUN && color !== EMPTY) {
        const cells: number[] = [];
        for (let j = start; j < y; j++) cells.push(j * COLUMNS + x);
        runs.push({ color, cells, direction: 'column' });
      }
      start = y;
    }
  }
  return runs;
}

/** What scanRuns found: plain numbers in one reused object, so a replay allocates nothing. */
export interface RunTally {
  runCount: number;
  points: number;
  largestRun: number;
  /** The rows (a bit per row) and the columns (a bit per column) holding a popped ball. */
  rowsHit: number;
  columnsHit: number;
}

/** Every row (a bit per row) and every column (a bit per column). */
export const ALL_ROWS = (1 << ROWS) - 1;
export const ALL_COLUMNS = (1 << COLUMNS) - 1;

/** pointsForRun by length, looked up instead of computed in the scan. */
const RUN_POINTS = Array.from({ length: Math.max(ROWS, COLUMNS) + 1 }, (_, n) => pointsForRun(n));

/**
 * A quick look at a line (`length` cells from `first`, `step` apart) that rules most lines out:
 * every MIN_RUN consecutive cells hold one key cell (positions MIN_RUN - 1, 2 MIN_RUN - 1, ...),
 * and a key cell inside a run equals a neighbour along the line. So a line where no key cell
 * equals a neighbour holds no run (false: none; true: maybe, walk it).
 */
function mayHoldRun(board: Board, first: number, step: number, length: number): boolean {
  for (let k = MIN_RUN - 1; k < length; k += MIN_RUN) {
    const at = first + k * step;
    const color = board[at];
    if (board[at - step] === color || (k + 1 < length && board[at + step] === color)) return true;
  }
  return false;
}

/**
 * The runs of findRuns, in the same order, without building them unless asked: sets
 * popped[i] = 1 for every ball standing in a run, tallies the runs into `tally`, and, when
 * `cleared` is given, appends each run as the client animates it. Only the rows and columns
 * whose bits are set in `rows` and `columns` are looked at (a run can only stand where the
 * board changed). Returns the number of runs.
 */
export function scanRuns(
  board: Board,
  popped: Uint8Array,
  tally: RunTally,
  cleared: ClearedRun[] | null,
  rows = ALL_ROWS,
  columns = ALL_COLUMNS,
): number {
  let runCount = 0;
  let points = 0;
  let largestRun = 0;
  let rowsHit = 0;
  let columnsHit = 0;
  for (let y = 0; y < ROWS; y++) {
    if ((rows & (1 << y)) === 0 || !mayHoldRun(board, y * COLUMNS, 1, COLUMNS)) continue;
    const rowStart = y * COLUMNS;
    const end = rowStart + COLUMNS;
    // A run needs MIN_RUN balls: none can start in the row's last MIN_RUN - 1 cells.
    for (let start = rowStart; start <= end - MIN_RUN;) {
      const color = board[start];
      let i = start + 1;
      while (i < end && board[i] === color) i++;
      const length = i - start;
      if (length >= MIN_RUN && color !== EMPTY) {
        for (let k = start; k < i; k++) popped[k] = 1;
        rowsHit |= 1 << y;
        columnsHit |= ((1 << length) - 1) << (start - rowStart);
        runCount++;
        points += RUN_POINTS[length];
        if (length > largestRun) largestRun = length;
        if (cleared !== null) cleared.push(runAt('row', start, length, color));
      }
      start = i;
    }
  }
  for (let x = 0; x < COLUMNS; x++) {
    if ((columns & (1 << x)) === 0 || !mayHoldRun(board, x, COLUMNS, ROWS)) continue;
    const end = x + ROWS * COLUMNS; // one row below the column's last ball
    for (let start = x; start <= end - MIN_RUN * COLUMNS;) {
      const color = board[start];
      let i = start + COLUMNS;
      while (i < end && board[i] === color) i += COLUMNS;
      const length = (i - start) / COLUMNS;
      if (length >= MIN_RUN && color !== EMPTY) {
        for (let k = start; k < i; k += COLUMNS) popped[k] = 1;
        rowsHit |= ((1 << length) - 1) << ((start - x) / COLUMNS);
        columnsHit |= 1 << x;
        runCount++;
        points += RUN_POINTS[length];
        if (length > largestRun) largestRun = length;
        if (cleared !== null) cleared.push(runAt('column', start, length, color));
      }
      start = i;
    }
  }
  tally.runCount = runCount;
  tally.points = points;
  tally.largestRun = largestRun;
  tally.rowsHit = rowsHit;
  tally.columnsHit = columnsHit;
  return runCount;
}

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
