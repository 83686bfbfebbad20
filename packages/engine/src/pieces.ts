// The pieces a swap's animation steps are made of (cells, runs, falls, new balls), each built
// once and then reused by every result that needs it: a swap lists about 70 of them, and
// allocating them was a quarter of its time. They are frozen, so no holder can change what
// another result shows; results are read, never edited (README.md, 'A swap's steps').
import { CELL_COUNT } from './board';
import { COLORS, GRID_COLUMNS, GRID_ROWS } from './constants';
import type { ClearedRun, Fall, Spawn } from './cascade';
import type { RunDirection } from './matches';
import { pointsForRun } from './scoring';
import type { Cell } from './types';

const COLUMNS = GRID_COLUMNS;
const ROWS = GRID_ROWS;
const COLOR_COUNT = COLORS.length;

/** The cell at each board index. */
export const CELLS: readonly Cell[] = Array.from({ length: CELL_COUNT }, (_, index) =>
  Object.freeze({ x: index % COLUMNS, y: (index - (index % COLUMNS)) / COLUMNS }),
);

// The rest are made on first use (most of the thousands possible never occur in a game), in
// tables filled with null so that they stay packed arrays.
const table = <T>(size: number): (T | null)[] => new Array<T | null>(size).fill(null);

const LONGEST = Math.max(ROWS, COLUMNS);
const runs = table<ClearedRun>(2 * CELL_COUNT * (LONGEST + 1) * COLOR_COUNT);

/**
 * The run of `length` balls of colour index `color` from board index `start`, along its row
 * or down its column.
 */
export function runAt(
  direction: RunDirection,
  start: number,
  length: number,
  color: number,
): ClearedRun {
  const key =
    (((direction === 'row' ? 0 : 1) * CELL_COUNT + start) * (LONGEST + 1) + length) * COLOR_COUNT +
    color;
  return runs[key] ?? (runs[key] = newRun(direction, start, length, color));
}

function newRun(direction: RunDirection, start: number, length: number, color: number) {
  const step = direction === 'row' ? 1 : COLUMNS;
  const cells = Object.freeze(Array.from({ length }, (_, k) => CELLS[start + k * step]));
  return Object.freeze({
    color: COLORS[color],
    cells: cells as Cell[],
    length,
    points: pointsForRun(length),
    direction,
  });
}

const falls = table<Fall>(CELL_COUNT * ROWS * COLOR_COUNT);

/** The ball of colour index `color` falling from board index `from` to row `landing`. */
export function fallAt(from: number, landing: number, color: number): Fall {
  const key = (from * ROWS + landing) * COLOR_COUNT + color;
  return (
    falls[key] ??
    (falls[key] = Object.freeze({
      from: CELLS[from],
      to: CELLS[landing * COLUMNS + (from % COLUMNS)],
      color: COLORS[color],
    }))
  );
}

const spawns = table<Spawn>(CELL_COUNT * (ROWS + 1) * COLOR_COUNT);

/** The new ball of colour index `color` landing at board index `at`, its column `gap` short. */
export function spawnAt(at: number, gap: number, color: number): Spawn {
  const key = (at * (ROWS + 1) + gap) * COLOR_COUNT + color;
  return (
    spawns[key] ??
    (spawns[key] = Object.freeze({
      x: CELLS[at].x,
      y: CELLS[at].y,
      color: COLORS[color],
      fromY: CELLS[at].y - gap,
    }))
  );
}
