// A game while the engine works on it: the board as a typed array, the PRNG as a running
// generator, the level as the engine's own copy. The actions below change it in place and
// allocate nothing unless asked for the animation steps. The public actions (game.ts) convert
// from and to the plain GameState once per action; replay converts once per game.
import { createBoard, gridFromBoard, isAdjacent, isInside } from './board';
import type { Board } from './board';
import { resolveBoard } from './cascade';
import type { Resolution } from './cascade';
import { EXTRA_MOVES, GRID_COLUMNS, LEVEL } from './constants';
import { generateBoard } from './grid';
import { readGrid, rememberSettled } from './known-boards';
import { firstLevel, isTargetMet, nextLevel, unusedMoves } from './level';
import { hasMove, swapMakesRun } from './moves';
import { Sfc32, seedRng } from './random';
import type { GrantRejection, ResetRejection, SwapRejection } from './rejections';
import type { Cell, GameState, GameStatus, LevelProgress } from './types';

/**
 * A game while an action plays it: the state's fields (`level` the engine's own copy, changed in
 * place), with the board and the generator live.
 */
export type Play = Omit<GameState, 'grid' | 'rng'> & {
  board: Board;
  rng: Sfc32;
  /** The board stands without a run (the engine made it): a swap need only look near itself. */
  settled: boolean;
};

/** A completed level, reported by the swap that completed it. */
export interface LevelUp {
  fromLevel: number;
  toLevel: number;
  unusedMoves: number;
  bonusPoints: number;
  /** The new level's progress (the same as the new state's `level`). */
  level: LevelProgress;
}

/** What a swap did, besides changing the play. */
export interface SwapOutcome {
  resolution: Resolution;
  levelUp: LevelUp | null;
}

export function copyLevel(level: LevelProgress): LevelProgress {
  return {
    currentLevel: level.currentLevel,
    targetColor: level.targetColor,
    targetMatches: level.targetMatches,
    matchesCollected: level.matchesCollected,
    movesAllowed: level.movesAllowed,
    movesUsed: level.movesUsed,
    previousColors: level.previousColors.slice(),
  };
}

/** A new game from a seed: level 1, a board with no run and at least one move. */
export function newPlay(seed: string): Play {
  const rng = new Sfc32(seedRng(String(seed)));
  const board = generateBoard(rng);
  const level = firstLevel(rng);
  return {
    board,
    rng,
    score: 0,
    level,
    totalMoves: 0,
    totalMatches: 0,
    largestRun: 0,
    extraMovesGranted: false,
    status: 'active',
    settled: true,
  };
}

/** The play of a state (its board written into `board`, a new one by default). */
export function playFromState(state: GameState, board: Board = createBoard()): Play {
  // A grid from outside may hold anything: the first look for runs is then everywhere.
  const settled = readGrid(state.grid, board);
  return {
    board,
    rng: new Sfc32(state.rng),
    score: state.score,
    level: copyLevel(state.level),
    totalMoves: state.totalMoves,
    totalMatches: state.totalMatches,
    largestRun: state.largestRun,
    extraMovesGranted: state.extraMovesGranted,
    status: state.status,
    settled,
  };
}

/** The plain state of a play. The state takes the play's level: the play is done with. */
export function stateFromPlay(play: Play): GameState {
  const grid = gridFromBoard(play.board);
  if (play.settled) rememberSettled(grid, play.board);
  return {
    grid,
    score: play.score,
    level: play.level,
    totalMoves: play.totalMoves,
    totalMatches: play.totalMatches,
    largestRun: play.largestRun,
    extraMovesGranted: play.extraMovesGranted,
    status: play.status,
    rng: play.rng.snapshot(),
  };
}

/** Why a swap is refused before looking at the board, or null. */
export function swapRefusal(status: GameStatus, from: Cell, to: Cell): SwapRejection | null {
  if (status === 'ended') return 'gameOver';
  if (status === 'gameOverPending') return 'outOfMoves';
  if (!isInside(from) || !isInside(to)) return 'outOfBounds';
  if (!isAdjacent(from, to)) return 'notAdjacent';
  return null;
}

/**
 * Swaps two adjacent balls and resolves the whole cascade, level-up and out-of-moves, or says
 * why not (the play is then unchanged). With `recordSteps` false the cascade's animation steps
 * are not built (replay); the play ends up the same either way.
 */
export function swapInPlay(
  play: Play,
  from: Cell,
  to: Cell,
  recordSteps: boolean,
): SwapOutcome | SwapRejection {
  const refusal = swapRefusal(play.status, from, to);
  if (refusal !== null) return refusal;
  const board = play.board;
  const a = from.y * GRID_COLUMNS + from.x;
  const b = to.y * GRID_COLUMNS + to.x;
  if (!swapMakesRun(board, a, b)) return 'noMatch';

  const moved = board[a];
  board[a] = board[b];
  board[b] = moved;
  const swapped = play.settled ? ([from, to] as const) : null;
  const resolution = resolveBoard(board, play.rng, play.level.targetColor, recordSteps, swapped);
  play.settled = true;
  const level = play.level;
  level.movesUsed += 1;
  level.matchesCollected += resolution.targetCollected;
  play.score += resolution.points;
  let status: GameStatus = 'active';
  let levelUp: LevelUp | null = null;
  if (isTargetMet(level)) {
    const unused = unusedMoves(level);
    const bonusPoints = unused * LEVEL.bonusPointsPerUnusedMove;
    const next = nextLevel(level, play.rng);
    levelUp = {
      fromLevel: level.currentLevel,
      toLevel: next.currentLevel,
      unusedMoves: unused,
      bonusPoints,
      level: copyLevel(next),
    };
    play.level = next;
    play.score += bonusPoints;
  } else if (level.movesUsed >= level.movesAllowed) {
    status = play.extraMovesGranted ? 'ended' : 'gameOverPending';
  }
  play.status = status;
  play.totalMoves += 1;
  play.totalMatches += resolution.runCount;
  if (resolution.largestRun > play.largestRun) play.largestRun = resolution.largestRun;
  return { resolution, levelUp };
}

/** resetGrid on a play: a new board when no move exists, or why not. */
export function resetInPlay(play: Play): ResetRejection | null {
  if (play.status === 'ended') return 'gameOver';
  if (play.status === 'gameOverPending') return 'outOfMoves';
  if (hasMove(play.board)) return 'movesAvailable';
  play.board = generateBoard(play.rng);
  play.settled = true;
  return null;
}

/** grantExtraMoves on a play: EXTRA_MOVES more once per game, or why not. */
export function grantInPlay(play: Play): GrantRejection | null {
  if (play.extraMovesGranted) return 'alreadyGranted';
  if (play.status === 'ended') return 'gameOver';
  if (play.status !== 'gameOverPending') return 'notOutOfMoves';
  play.level.movesAllowed += EXTRA_MOVES;
  play.extraMovesGranted = true;
  play.status = 'active';
  return null;
}
