// New boards: no standing run, and at least one possible move, whatever the random draws.
import { CELL_COUNT, createBoard } from './board';
import type { Board } from './board';
import { COLORS, GRID_ATTEMPTS, GRID_COLUMNS, GRID_FIX_PASSES } from './constants';
import { hasMove } from './moves';
import type { RandomSource } from './random';

const COLOR_COUNT = COLORS.length;

/**
 * Whether the ball at `index` ends a run counted backwards: it equals its two left neighbours
 * or its two upper neighbours. Every run has such a ball, so clearing these clears all runs.
 */
function endsRun(board: Board, index: number): boolean {
  const color = board[index];
  const x = index % GRID_COLUMNS;
  if (x >= 2 && board[index - 1] === color && board[index - 2] === color) return true;
  return (
    index >= 2 * GRID_COLUMNS &&
    board[index - GRID_COLUMNS] === color &&
    board[index - 2 * GRID_COLUMNS] === color
  );
}

/**
 * Deterministic repair when the fix passes run out: in reading order, give each ball that ends
 * a run the next colour that does not. At most two colours are excluded (left pair, upper pair),
 * so one of the next three always fits, and a ball only ever looks back at final balls.
 */
function repairRuns(board: Board): void {
  for (let index = 0; index < CELL_COUNT; index++) {
    const original = board[index];
    for (let step = 1; endsRun(board, index); step++) {
      board[index] = (original + step) % COLOR_COUNT;
    }
  }
}

/** A random board without runs: random colours, then up to GRID_FIX_PASSES re-roll passes. */
function drawBoardWithoutRuns(rng: RandomSource): Board {
  const board = createBoard();
  for (let index = 0; index < CELL_COUNT; index++) board[index] = rng.nextInt(COLOR_COUNT);
  for (let pass = 0; pass < GRID_FIX_PASSES; pass++) {
    let rerolled = false;
    for (let index = 0; index < CELL_COUNT; index++) {
      if (endsRun(board, index)) {
        board[index] = rng.nextInt(COLOR_COUNT);
        rerolled = true;
      }
    }
    if (!rerolled) return board;
  }
  repairRuns(board);
  return board;
}

/**
 * The last resort when GRID_ATTEMPTS random boards all lacked a move (vanishingly rare): a
 * fixed pattern with no run and a few moves (checked by test/grid.test.ts), its colours
 * shuffled so it still varies.
 */
export function fallbackBoard(rng: RandomSource): Board {
  const palette = COLORS.map((_, index) => index);
  for (let i = palette.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [palette[i], palette[j]] = [palette[j], palette[i]];
  }
  const board = createBoard();
  for (let index = 0; index < CELL_COUNT; index++) {
    const x = index % GRID_COLUMNS;
    const y = (index / GRID_COLUMNS) | 0;
    board[index] = palette[FALLBACK_PATTERN[y][x]];
  }
  return board;
}

// Colour slots (x + 2y) mod 6, which alone has no move, with slot 4 planted at (0,0) and (1,1):
// swapping (0,0) with (0,1) then lines up 4 4 4 on row 1.
const FALLBACK_PATTERN: readonly (readonly number[])[] = [
  [4, 1, 2, 3, 4, 5],
  [2, 4, 4, 5, 0, 1],
  [4, 5, 0, 1, 2, 3],
  [0, 1, 2, 3, 4, 5],
  [2, 3, 4, 5, 0, 1],
  [4, 5, 0, 1, 2, 3],
  [0, 1, 2, 3, 4, 5],
  [2, 3, 4, 5, 0, 1],
];

/** A new board with no standing run and at least one possible move (README.md, 'New boards'). */
export function generateBoard(rng: RandomSource): Board {
  for (let attempt = 0; attempt < GRID_ATTEMPTS; attempt++) {
    const board = drawBoardWithoutRuns(rng);
    if (hasMove(board)) return board;
  }
  return fallbackBoard(rng);
}
