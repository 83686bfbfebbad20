// The game's actions. Each is pure: it takes a state, never changes it, and returns either the
// next state with what happened, or the same state with the reason it was refused.
import { boardFromGrid, gridFromBoard, isAdjacent, isInside } from './board';
import { resolveBoard } from './cascade';
import type { CascadeStep } from './cascade';
import { EXTRA_MOVES, GRID_COLUMNS, LEVEL } from './constants';
import { generateBoard } from './grid';
import { firstLevel, isTargetMet, nextLevel, unusedMoves } from './level';
import { hasMove, listMoves, swapMakesRun } from './moves';
import { Sfc32, seedRng } from './random';
import { REJECTION_MESSAGES } from './rejections';
import type {
  EndRejection,
  GrantRejection,
  Rejection,
  ResetRejection,
  SwapRejection,
} from './rejections';
import type { Cell, GameState, GameStatus, LevelProgress, Move } from './types';

/** A refused action: the state is the input, unchanged. */
export interface Rejected<Reason extends Rejection> {
  ok: false;
  reason: Reason;
  message: string;
  state: GameState;
}

/** A completed level, reported by the swap that completed it. */
export interface LevelUp {
  fromLevel: number;
  toLevel: number;
  unusedMoves: number;
  bonusPoints: number;
  /** The new level's progress (the same as the new state's `level`). */
  level: LevelProgress;
}

export interface SwapSuccess {
  ok: true;
  state: GameState;
  from: Cell;
  to: Cell;
  /** The cascade, round by round: animate pop, then fall and fill, for each step. */
  steps: CascadeStep[];
  /** Points of every run cleared by this swap and its cascade. */
  matchPoints: number;
  /** The level-up bonus (0 without a level-up). */
  levelBonus: number;
  /** matchPoints + levelBonus: how much the score went up. */
  pointsGained: number;
  /** Balls of the target colour collected by this swap (before any level-up reset the count). */
  targetCollected: number;
  /** The longest run this swap cleared (the session is updated on 5 or more). */
  largestRun: number;
  /** Set when this swap completed the level; the new level is already in `state`. */
  levelUp: LevelUp | null;
  /** The status after the swap: 'gameOverPending' or 'ended' when the level ran out of moves. */
  status: GameStatus;
  /** Whether the new board has a possible move; when false the client offers 'Reset Grid'. */
  hasMoves: boolean;
}

export interface ActionSuccess {
  ok: true;
  state: GameState;
}

export interface GrantSuccess extends ActionSuccess {
  movesAdded: number;
}

export type SwapResult = SwapSuccess | Rejected<SwapRejection>;
export type ResetResult = ActionSuccess | Rejected<ResetRejection>;
export type GrantResult = GrantSuccess | Rejected<GrantRejection>;
export type EndResult = ActionSuccess | Rejected<EndRejection>;

function reject<Reason extends Rejection>(state: GameState, reason: Reason): Rejected<Reason> {
  return { ok: false, reason, message: REJECTION_MESSAGES[reason], state };
}

function copyLevel(level: LevelProgress): LevelProgress {
  return { ...level, previousColors: [...level.previousColors] };
}

/** A new game from a seed: level 1, a board with no run and at least one move. */
export function createGame(seed: string): GameState {
  const rng = new Sfc32(seedRng(String(seed)));
  const board = generateBoard(rng);
  const level = firstLevel(rng);
  return {
    grid: gridFromBoard(board),
    score: 0,
    level,
    totalMoves: 0,
    totalMatches: 0,
    largestRun: 0,
    extraMovesGranted: false,
    status: 'active',
    rng: rng.snapshot(),
  };
}

/** Every valid swap on the state's board (whatever the status), in reading order. */
export function findMoves(state: Pick<GameState, 'grid'>): Move[] {
  return listMoves(boardFromGrid(state.grid));
}

/** Swaps two adjacent balls and resolves the whole cascade, level-up and out-of-moves. */
export function swap(state: GameState, from: Cell, to: Cell): SwapResult {
  return playSwap(state, from, to, true);
}

/**
 * swap() itself; replay passes recordSteps false to skip building the animation steps (the
 * result's `steps` is then empty). Everything else, state and draws, is the same code.
 */
export function playSwap(state: GameState, from: Cell, to: Cell, recordSteps: boolean): SwapResult {
  if (state.status === 'ended') return reject(state, 'gameOver');
  if (state.status === 'gameOverPending') return reject(state, 'outOfMoves');
  if (!isInside(from) || !isInside(to)) return reject(state, 'outOfBounds');
  if (!isAdjacent(from, to)) return reject(state, 'notAdjacent');
  const board = boardFromGrid(state.grid);
  const a = from.y * GRID_COLUMNS + from.x;
  const b = to.y * GRID_COLUMNS + to.x;
  if (!swapMakesRun(board, a, b)) return reject(state, 'noMatch');

  [board[a], board[b]] = [board[b], board[a]];
  const rng = new Sfc32(state.rng);
  const resolution = resolveBoard(board, rng, state.level.targetColor, recordSteps);
  let level = copyLevel(state.level);
  level.movesUsed += 1;
  level.matchesCollected += resolution.targetCollected;
  let score = state.score + resolution.points;
  let status: GameStatus = 'active';
  let levelUp: LevelUp | null = null;
  if (isTargetMet(level)) {
    const unused = unusedMoves(level);
    const bonusPoints = unused * LEVEL.bonusPointsPerUnusedMove;
    const next = nextLevel(level, rng);
    levelUp = {
      fromLevel: level.currentLevel,
      toLevel: next.currentLevel,
      unusedMoves: unused,
      bonusPoints,
      level: copyLevel(next),
    };
    level = next;
    score += bonusPoints;
  } else if (level.movesUsed >= level.movesAllowed) {
    status = state.extraMovesGranted ? 'ended' : 'gameOverPending';
  }

  return {
    ok: true,
    state: {
      grid: gridFromBoard(board),
      score,
      level,
      totalMoves: state.totalMoves + 1,
      totalMatches: state.totalMatches + resolution.runCount,
      largestRun: Math.max(state.largestRun, resolution.largestRun),
      extraMovesGranted: state.extraMovesGranted,
      status,
      rng: rng.snapshot(),
    },
    from: { x: from.x, y: from.y },
    to: { x: to.x, y: to.y },
    steps: resolution.steps,
    matchPoints: resolution.points,
    levelBonus: levelUp ? levelUp.bonusPoints : 0,
    pointsGained: score - state.score,
    targetCollected: resolution.targetCollected,
    largestRun: resolution.largestRun,
    levelUp,
    status,
    hasMoves: hasMove(board),
  };
}

/** Regenerates the board when no move is possible; costs no move. */
export function resetGrid(state: GameState): ResetResult {
  if (state.status === 'ended') return reject(state, 'gameOver');
  if (state.status === 'gameOverPending') return reject(state, 'outOfMoves');
  if (hasMove(boardFromGrid(state.grid))) return reject(state, 'movesAvailable');
  const rng = new Sfc32(state.rng);
  const board = generateBoard(rng);
  return {
    ok: true,
    state: {
      ...state,
      grid: gridFromBoard(board),
      level: copyLevel(state.level),
      rng: rng.snapshot(),
    },
  };
}

/** Adds EXTRA_MOVES to a level that ran out of moves, once per game. */
export function grantExtraMoves(state: GameState): GrantResult {
  if (state.extraMovesGranted) return reject(state, 'alreadyGranted');
  if (state.status === 'ended') return reject(state, 'gameOver');
  if (state.status !== 'gameOverPending') return reject(state, 'notOutOfMoves');
  const level = copyLevel(state.level);
  level.movesAllowed += EXTRA_MOVES;
  return {
    ok: true,
    state: {
      ...state,
      grid: state.grid.map((row) => [...row]),
      level,
      extraMovesGranted: true,
      status: 'active',
      rng: [...state.rng],
    },
    movesAdded: EXTRA_MOVES,
  };
}

/** Ends the game at the player's request (or when the client gives up the extra moves). */
export function endGame(state: GameState): EndResult {
  if (state.status === 'ended') return reject(state, 'gameOver');
  return {
    ok: true,
    state: {
      ...state,
      grid: state.grid.map((row) => [...row]),
      level: copyLevel(state.level),
      status: 'ended',
      rng: [...state.rng],
    },
  };
}
