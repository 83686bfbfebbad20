// Possible moves: adjacent swaps that would make at least one run.
import type { Board } from './board';
import { GRID_COLUMNS, GRID_ROWS } from './constants';
import { standsInRun, standsInRunAt } from './matches';
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

/** swapMakesRun for the ball at (x, y) and its neighbour at (x + dx, y + dy), no division. */
function swapAtMakesRun(board: Board, x: number, y: number, dx: number, dy: number): boolean {
  const a = y * COLUMNS + x;
  const b = a + dy * COLUMNS + dx;
  const colorA = board[a];
  const colorB = board[b];
  if (colorA === colorB) return false;
  board[a] = colorB;
  board[b] = colorA;
  const makesRun = standsInRunAt(board, x, y) || standsInRunAt(board, x + dx, y + dy);
  board[a] = colorA;
  board[b] = colorB;
  return makesRun;
}

/** Every valid swap on the board, right then lower neighbour, in reading order (the board is
 * borrowed, and left as it was). */
export function listMoves(board: Board): Move[] {
  const moves: Move[] = [];
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < COLUMNS; x++) {
      if (x + 1 < COLUMNS && swapAtMakesRun(board, x, y, 1, 0)) {
        moves.push({ from: { x, y }, to: { x: x + 1, y } });
      }
      if (y + 1 < ROWS && swapAtMakesRun(board, x, y, 0, 1)) {
        moves.push({ from: { x, y }, to: { x, y: y + 1 } });
      }
    }
  }
  return moves;
}

/** Whether at least one valid swap exists (stops at the first; the same order as listMoves). */
export function hasMove(board: Board): boolean {
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < COLUMNS; x++) {
      if (x + 1 < COLUMNS && swapAtMakesRun(board, x, y, 1, 0)) return true;
      if (y + 1 < ROWS && swapAtMakesRun(board, x, y, 0, 1)) return true;
    }
  }
  return false;
}
