// Possible moves: adjacent swaps that would make at least one run.
import { EMPTY } from './board';
import type { Board } from './board';
import { GRID_COLUMNS, GRID_ROWS, MIN_RUN } from './constants';
import { standsInRun } from './matches';
import type { Move } from './types';

const COLUMNS = GRID_COLUMNS;
const ROWS = GRID_ROWS;

/** Whether swapping the balls at board indices a and b makes a run through either of them. */
export function swapMakesRun(board: Board, a: number, b: number): boolean {
  const colorA = board[a];
  const colorB = board[b];
  if (colorA === colorB) return false; // nothing changes, and a settled board has no run
  board[a] = colorB;
  board[b] = colorA;
  const makesRun = standsInRun(board, a) || standsInRun(board, b);
  board[a] = colorA;
  board[b] = colorB;
  return makesRun;
}

// A swap makes a run exactly when some "window" (MIN_RUN cells in a line) holds two balls of
// one colour and a ball of another (the hole), and a neighbour of the hole outside the window
// has the pair's colour: swapping it into the hole fills the window. (A run through a swapped
// ball is such a window: its other balls did not move, and the other swapped ball is outside
// it, since it now holds the hole's old colour.) So the moves are read off a table of windows
// instead of trying each of the 82 swaps.

/** The three cells of each window, rows first. */
const WINDOWS: number[] = [];
/** For each window cell (window * 3 + k): its up to 3 outside neighbours, -1 for none. */
const NEIGHBOURS: number[] = [];
/** The move each of those is: 2 x the upper/left cell, + 1 for a downward swap (-1 for none). */
const MOVE_IDS: number[] = [];
if (MIN_RUN !== 3) throw new Error('the move table is laid out for runs of 3');
for (const [dx, dy] of [
  [1, 0],
  [0, 1],
]) {
  for (let y = 0; y + 2 * dy < ROWS; y++) {
    for (let x = 0; x + 2 * dx < COLUMNS; x++) {
      const cells = [0, 1, 2].map((k) => (y + k * dy) * COLUMNS + x + k * dx);
      for (const hole of cells) {
        const [hx, hy] = [hole % COLUMNS, (hole - (hole % COLUMNS)) / COLUMNS];
        const outside = [
          [hx - 1, hy],
          [hx + 1, hy],
          [hx, hy - 1],
          [hx, hy + 1],
        ]
          .filter(([nx, ny]) => nx >= 0 && nx < COLUMNS && ny >= 0 && ny < ROWS)
          .map(([nx, ny]) => ny * COLUMNS + nx)
          .filter((n) => !cells.includes(n));
        for (let j = 0; j < 3; j++) {
          const n = outside[j] ?? -1;
          NEIGHBOURS.push(n);
          const first = Math.min(hole, n);
          MOVE_IDS.push(n < 0 ? -1 : 2 * first + (Math.abs(hole - n) === 1 ? 0 : 1));
        }
      }
      WINDOWS.push(...cells);
    }
  }
}
const WINDOW_TABLE = Int8Array.from(WINDOWS);
const NEIGHBOUR_TABLE = Int8Array.from(NEIGHBOURS);
const MOVE_ID_TABLE = Int16Array.from(MOVE_IDS);
const MOVE_ID_COUNT = 2 * ROWS * COLUMNS;

/**
 * Walks the windows: with `found` null, returns true at the first move; otherwise sets
 * found[id] = 1 for every move (see MOVE_IDS) and returns whether there was one.
 */
function findWindowMoves(board: Board, found: Uint8Array | null): boolean {
  let any = false;
  for (let w = 0; w < WINDOW_TABLE.length; w += 3) {
    const a = board[WINDOW_TABLE[w]];
    const b = board[WINDOW_TABLE[w + 1]];
    const c = board[WINDOW_TABLE[w + 2]];
    let hole: number;
    let color: number;
    if (a === b) {
      if (a === c) continue; // a run already: no hole
      hole = w + 2;
      color = a;
    } else if (a === c) {
      hole = w + 1;
      color = a;
    } else if (b === c) {
      hole = w;
      color = b;
    } else {
      continue;
    }
    if (color === EMPTY) continue;
    for (let j = hole * 3; j < hole * 3 + 3; j++) {
      const neighbour = NEIGHBOUR_TABLE[j];
      if (neighbour < 0 || board[neighbour] !== color) continue;
      if (found === null) return true;
      found[MOVE_ID_TABLE[j]] = 1;
      any = true;
    }
  }
  return any;
}

/** Scratch marks of listMoves, left all zero (the engine is synchronous). */
const foundMoves = new Uint8Array(MOVE_ID_COUNT);

/**
 * Every valid swap on the board, `from` the upper/left cell, in reading order of `from`, its
 * right neighbour before its lower one (the board is only read).
 */
export function listMoves(board: Board): Move[] {
  const moves: Move[] = [];
  if (!findWindowMoves(board, foundMoves)) return moves;
  for (let id = 0; id < MOVE_ID_COUNT; id++) {
    if (foundMoves[id] === 0) continue;
    foundMoves[id] = 0;
    const index = id >> 1;
    const x = index % COLUMNS;
    const y = (index - x) / COLUMNS;
    moves.push(
      id & 1 ? { from: { x, y }, to: { x, y: y + 1 } } : { from: { x, y }, to: { x: x + 1, y } },
    );
  }
  return moves;
}

/** Whether at least one valid swap exists (stops at the first). */
export function hasMove(board: Board): boolean {
  return findWindowMoves(board, null);
}
