// The 'Watch Ad' reward (docs/product.md 'Game flow', out of moves): the click arms it, and the
// moves are credited when the tab becomes visible again, once per game. It stays armed for the
// rest of the game, so a second return is answered 'Already Awarded' (once).
import { grantExtraMoves, type GameState } from '@ballmatch/engine';
import type { FlowServices } from './types';

export class ExtraMovesReward {
  private armed = false;

  constructor(private readonly toast: FlowServices['toast']) {}

  arm(): void {
    this.armed = true;
  }

  disarm(): void {
    this.armed = false;
  }

  /**
   * The tab is visible again: when the moves are due, `apply` gets the game with them added
   * (and the player is told); nothing happens when nothing is armed.
   */
  collect(state: GameState | null, apply: (withMoves: GameState) => void): void {
    if (!this.armed || !state) return;
    const result = grantExtraMoves(state);
    if (result.ok) {
      apply(result.state);
      this.toast({
        title: 'Extra Moves Added!',
        description: `You've earned ${result.movesAdded} more moves to complete the level!`,
        variant: 'success',
      });
      return;
    }
    this.armed = false;
    if (result.reason === 'alreadyGranted') {
      this.toast({
        title: 'Already Awarded',
        description: "You've already received extra moves in this game.",
      });
    }
  }
}
