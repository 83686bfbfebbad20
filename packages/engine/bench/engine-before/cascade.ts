// Resolving a board after a swap: pop every run, let balls fall, fill from the top, and repeat
// until no run stands. Each round is returned as a step the client can animate as is.
import { CELL_COUNT, EMPTY, cellAt } from './board';
import type { Board } from './board';
import { COLORS, GRID_COLUMNS, GRID_ROWS } from './constants';
import type { Color } from './constants';
import { findRuns } from './matches';
import type { RunDirection } from './matches';
import type { RandomSource } from './random';
import { pointsForRun } from './scoring';
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
  points: number;
  targetCollected: number;
  runCount: number;
  largestRun: number;
}

/**
 * Drops the balls of each column onto the ones below and fills the gaps at the top. `step` is
 * null when nobody will animate it (replay): the board and the draws are the same either way.
 */
function settle(board: Board, rng: RandomSource, step: CascadeStep | null): void {
  for (let x = 0; x < GRID_COLUMNS; x++) {
    let landing = GRID_ROWS - 1;
    for (let y = GRID_ROWS - 1; y >= 0; y--) {
      const color = board[y * GRID_COLUMNS + x];
      if (color === EMPTY) continue;
      if (y !== landing) {
        step?.falls.push({ from: { x, y }, to: { x, y: landing }, color: COLORS[color] });
        board[landing * GRID_COLUMNS + x] = color;
        board[y * GRID_COLUMNS + x] = EMPTY;
      }
      landing--;
    }
    const gap = landing + 1;
    for (let y = 0; y < gap; y++) {
      const color = rng.nextInt(COLORS.length);
      board[y * GRID_COLUMNS + x] = color;
      step?.spawned.push({ x, y, color: COLORS[color], fromY: y - gap });
    }
  }
}

/** Scratch marks of the cells popped in a round; reused because allocating it costs more
 * than the round itself (the engine never runs two resolutions at once). */
const popped = new Uint8Array(CELL_COUNT);

/**
 * Resolves the board in place until no run stands. Terminates with probability 1: every round
 * draws fresh random balls, and a run needs them to line up again. With `recordSteps` false
 * (replay) the same rounds run without building the animation steps, which are most of the cost.
 */
export function resolveBoard(
  board: Board,
  rng: RandomSource,
  targetColor: Color,
  recordSteps = true,
): Resolution {
  const target = COLORS.indexOf(targetColor);
  const resolution: Resolution = {
    steps: [],
    points: 0,
    targetCollected: 0,
    runCount: 0,
    largestRun: 0,
  };
  for (let runs = findRuns(board); runs.length > 0; runs = findRuns(board)) {
    const step: CascadeStep | null = recordSteps
      ? { cleared: [], removed: [], falls: [], spawned: [], points: 0, targetCollected: 0 }
      : null;
    let points = 0;
    let targetCollected = 0;
    for (const run of runs) {
      const length = run.cells.length;
      const runPoints = pointsForRun(length);
      step?.cleared.push({
        color: COLORS[run.color],
        cells: run.cells.map(cellAt),
        length,
        points: runPoints,
        direction: run.direction,
      });
      points += runPoints;
      resolution.largestRun = Math.max(resolution.largestRun, length);
      for (const index of run.cells) popped[index] = 1;
    }
    for (let index = 0; index < CELL_COUNT; index++) {
      if (popped[index] === 0) continue;
      popped[index] = 0; // left clear for the next round
      step?.removed.push(cellAt(index));
      if (board[index] === target) targetCollected++;
      board[index] = EMPTY;
    }
    settle(board, rng, step);
    if (step) {
      step.points = points;
      step.targetCollected = targetCollected;
      resolution.steps.push(step);
    }
    resolution.points += points;
    resolution.targetCollected += targetCollected;
    resolution.runCount += runs.length;
  }
  return resolution;
}
