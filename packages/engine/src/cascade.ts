// Resolving a board after a swap: pop every run, let balls fall, fill from the top, and repeat
// until no run stands. Each round is returned as a step the client can animate as is.
import { CELL_COUNT, EMPTY } from './board';
import type { Board } from './board';
import { COLORS, GRID_COLUMNS, GRID_ROWS } from './constants';
import type { Color } from './constants';
import { ALL_COLUMNS, ALL_ROWS, scanRuns } from './matches';
import type { RunDirection, RunTally } from './matches';
import { CELLS, fallAt, spawnAt } from './pieces';
import type { RandomSource } from './random';
import type { Cell } from './types';

/** One run popped in a step, scored on its own length. */
export interface ClearedRun {
  color: Color;
  cells: Cell[];
  length: number;
  points: number;
  direction: RunDirection;
}

/** A ball moving down its column. */
export interface Fall {
  from: Cell;
  to: Cell;
  color: Color;
}

/** A new ball: it lands at (x, y) and starts at row fromY (negative: above the board). */
export interface Spawn {
  x: number;
  y: number;
  color: Color;
  fromY: number;
}

/** One round of a cascade: pop (350 ms), then fall and fill (700 ms). */
export interface CascadeStep {
  /** The runs popped, each with its own points; a ball in two runs is listed in both. */
  cleared: ClearedRun[];
  /** The cells popped, each once, in reading order. */
  removed: Cell[];
  /** Balls that moved down, bottom-most first within each column. */
  falls: Fall[];
  /** New balls filling the top of each column. */
  spawned: Spawn[];
  /** Sum of the cleared runs' points. */
  points: number;
  /** Balls of the level's target colour among `removed`. */
  targetCollected: number;
}

export interface Resolution {
  steps: CascadeStep[];
  /** Rounds resolved (steps.length when the steps are recorded). */
  rounds: number;
  points: number;
  targetCollected: number;
  runCount: number;
  largestRun: number;
}

/**
 * Drops the balls of the columns in `columns` (a bit per column) onto the ones below and fills
 * the gaps at the top, column by column from the left. `step` is null when nobody will animate
 * it (replay): the board and the draws are the same either way.
 */
function settle(board: Board, rng: RandomSource, columns: number, step: CascadeStep | null): void {
  for (let x = 0; x < COLUMNS; x++) {
    if ((columns & (1 << x)) === 0) continue; // nothing popped here: nothing moves, no draw
    let landing = ROWS - 1;
    for (let y = ROWS - 1; y >= 0; y--) {
      const color = board[y * COLUMNS + x];
      if (color === EMPTY) continue;
      if (y !== landing) {
        if (step !== null) step.falls.push(fallAt(y * COLUMNS + x, landing, color));
        board[landing * COLUMNS + x] = color;
        board[y * COLUMNS + x] = EMPTY;
      }
      landing--;
    }
    const gap = landing + 1;
    for (let y = 0; y < gap; y++) {
      const color = rng.nextInt(COLOR_COUNT);
      board[y * COLUMNS + x] = color;
      if (step !== null) step.spawned.push(spawnAt(y * COLUMNS + x, gap, color));
    }
  }
}

const COLUMNS = GRID_COLUMNS;
const ROWS = GRID_ROWS;
const COLOR_COUNT = COLORS.length;

// Scratch state of one round, reused because allocating it costs more than the round itself
// (the engine is synchronous: it never runs two resolutions at once).
/** Marks of the cells popped in a round; left all zero between rounds. */
const popped = new Uint8Array(CELL_COUNT);
const tally: RunTally = { runCount: 0, points: 0, largestRun: 0, rowsHit: 0, columnsHit: 0 };

/**
 * Resolves the board in place until no run stands. Terminates with probability 1: every round
 * draws fresh random balls, and a run needs them to line up again. With `recordSteps` false
 * (replay) the same rounds run without building the animation steps, which are most of the cost.
 * `swapped`, the two cells just swapped on a board that stood without a run before, narrows
 * the first look for runs to their rows and columns; without it the whole board is searched.
 */
export function resolveBoard(
  board: Board,
  rng: RandomSource,
  targetColor: Color,
  recordSteps = true,
  swapped: readonly [Cell, Cell] | null = null,
): Resolution {
  const target = COLORS.indexOf(targetColor);
  const resolution: Resolution = {
    steps: [],
    rounds: 0,
    points: 0,
    targetCollected: 0,
    runCount: 0,
    largestRun: 0,
  };
  // Where a run may stand: a bit per row and per column.
  let rows = ALL_ROWS;
  let columns = ALL_COLUMNS;
  if (swapped !== null) {
    const [a, b] = swapped;
    rows = (1 << a.y) | (1 << b.y);
    columns = (1 << a.x) | (1 << b.x);
  }
  for (;;) {
    const cleared: ClearedRun[] | null = recordSteps ? [] : null;
    if (scanRuns(board, popped, tally, cleared, rows, columns) === 0) break;
    const step: CascadeStep | null =
      cleared === null
        ? null
        : { cleared, removed: [], falls: [], spawned: [], points: 0, targetCollected: 0 };
    let targetCollected = 0;
    for (let y = 0; y < ROWS; y++) {
      if ((tally.rowsHit & (1 << y)) === 0) continue;
      for (let x = 0, index = y * COLUMNS; x < COLUMNS; x++, index++) {
        if (popped[index] === 0) continue;
        popped[index] = 0; // left clear for the next round
        if (step !== null) step.removed.push(CELLS[index]);
        if (board[index] === target) targetCollected++;
        board[index] = EMPTY;
      }
    }
    settle(board, rng, tally.columnsHit, step);
    // Only the columns that fell changed, from the top down to their lowest popped ball.
    columns = tally.columnsHit;
    rows = (1 << (32 - Math.clz32(tally.rowsHit))) - 1;
    if (step !== null) {
      step.points = tally.points;
      step.targetCollected = targetCollected;
      resolution.steps.push(step);
    }
    resolution.rounds++;
    resolution.points += tally.points;
    resolution.targetCollected += targetCollected;
    resolution.runCount += tally.runCount;
    if (tally.largestRun > resolution.largestRun) resolution.largestRun = tally.largestRun;
  }
  return resolution;
}
