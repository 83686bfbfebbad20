import { gridCells } from './board';
import { hasMoves } from './game';
import type { GameState } from './types';

/** A game as its player sees it: the state without its random generator, the board as colours. */
export interface PlayerView extends Omit<GameState, 'grid' | 'rng'> {
  grid: string[];
  hasMoves: boolean;
  /** The count of actions applied. */
  seq: number;
}

/** `moves`: whether a move is left, when the engine has just said so (a swap's hasMoves). */
export function playerView(state: GameState, seq: number, moves = hasMoves(state)): PlayerView {
  return {
    grid: gridCells(state.grid),
    score: state.score,
    level: state.level,
    totalMoves: state.totalMoves,
    totalMatches: state.totalMatches,
    largestRun: state.largestRun,
    extraMovesGranted: state.extraMovesGranted,
    status: state.status,
    hasMoves: moves,
    seq,
  };
}
