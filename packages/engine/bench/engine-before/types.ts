// The shapes the engine takes and returns: plain, JSON-serialisable data only.
import type { Color } from './constants';
import type { RngState } from './random';

/** A board position: x is the column (0 = left), y the row (0 = top). */
export interface Cell {
  x: number;
  y: number;
}

/** The board: grid[y][x] is the colour of the ball at column x, row y (row 0 is the top). */
export type Grid = Color[][];

/** A possible swap: `from` is the upper or left cell, `to` its right or lower neighbour. */
export interface Move {
  from: Cell;
  to: Cell;
}

/** Where the player stands in the current level (README.md, 'The state'). */
export interface LevelProgress {
  currentLevel: number;
  targetColor: Color;
  targetMatches: number;
  /** Balls of the target colour cleared during this level (see README 'What counts as a match'). */
  matchesCollected: number;
  movesAllowed: number;
  movesUsed: number;
  /** The last (up to) 3 target colours, oldest first; the current target is the last one. */
  previousColors: Color[];
}

/**
 * 'active': swaps allowed. 'gameOverPending': out of moves with the target unmet and the extra
 * moves not yet taken (the client offers the ad). 'ended': nothing more can happen.
 */
export type GameStatus = 'active' | 'gameOverPending' | 'ended';

/** Everything the client and the server need to continue a game. Never mutated by the engine. */
export interface GameState {
  grid: Grid;
  score: number;
  level: LevelProgress;
  /** Valid swaps made in the whole game (the Score entity's `moves`). */
  totalMoves: number;
  /** Runs cleared in the whole game, cascades included (the session's matchCount). */
  totalMatches: number;
  /** Length of the longest single run cleared so far. */
  largestRun: number;
  extraMovesGranted: boolean;
  status: GameStatus;
  /** The PRNG state: the next random draw continues from here. */
  rng: RngState;
}
