// The game's actions. Each is pure: it takes a state, never changes it, and returns either the
// next state with what happened, or the same state with the reason it was refused.
import { boardFromGrid, createBoard, gridFromBoard } from './board';
import type { CascadeStep } from './cascade';
import { EXTRA_MOVES } from './constants';
import { generateBoard } from './grid';
import { hasMove, listMoves } from './moves';
import { copyLevel, newPlay, playFromState, stateFromPlay, swapInPlay, swapRefusal } from './play';
import type { LevelUp } from './play';
import { Sfc32 } from './random';
import { REJECTION_MESSAGES } from './rejections';
import type {
  EndRejection,
  GrantRejection,
  Rejection,
  ResetRejection,
  SwapRejection,
} from './rejections';
import type { Cell, GameState, GameStatus, Move } from './types';

export type { LevelUp } from './play';

/** A refused action: the state is the input, unchanged. */
export interface Rejected<Reason extends Rejection> {
  ok: false;
  reason: Reason;
  message: string;
  state: GameState;
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

/** A new game from a seed: level 1, a board with no run and at least one move. */
export function createGame(seed: string): GameState {
  return stateFromPlay(newPlay(seed));
}

/** Every valid swap on the state's board (whatever the status), in reading order. */
export function findMoves(state: Pick<GameState, 'grid'>): Move[] {
  return listMoves(boardFromGrid(state.grid));
}

/** Whether the state's board has a valid swap: findMoves(state).length > 0 without the list. */
export function hasMoves(state: Pick<GameState, 'grid'>): boolean {
  return hasMove(boardFromGrid(state.grid, scratchBoard));
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
  const refusal = swapRefusal(state.status, from, to);
  if (refusal !== null) return reject(state, refusal);
  const play = playFromState(state, scratchBoard);
  const outcome = swapInPlay(play, from, to, recordSteps);
  if (typeof outcome === 'string') return reject(state, outcome);
  const { resolution, levelUp } = outcome;
  return {
    ok: true,
    state: stateFromPlay(play),
    from: { x: from.x, y: from.y },
    to: { x: to.x, y: to.y },
    steps: resolution.steps,
    matchPoints: resolution.points,
    levelBonus: levelUp ? levelUp.bonusPoints : 0,
    pointsGained: play.score - state.score,
    targetCollected: resolution.targetCollected,
    largestRun: resolution.largestRun,
    levelUp,
    status: play.status,
    hasMoves: hasMove(play.board),
  };
}

/** The board swap() works on, reused: the engine is synchronous and copies it into the state. */
const scratchBoard = createBoard();

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
