// The 'Watch Ad' reward (docs/product.md 'Game flow', out of moves): the click arms it, and the
// moves are credited when the tab becomes visible again, once per game (the server grants them:
// `{type: 'extraMoves'}`). It stays armed for the rest of the game, so a second return is
// answered 'Already Awarded' (once).
import { ApiError } from '@/lib/api-client';
import type { FlowServices } from './types';
import type { GameView } from './game-view';

/**
 * The server's reason for refusing the extra moves (422 about the action, such as 'Watch the ad
 * first to earn extra moves'), to show in the offer; null for any other failure.
 */
export function rewardRefusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return error.data?.field === 'action' ? (error.data.message ?? null) : null;
}

export class ExtraMovesReward {
  private armed = false;
  /** A grant is on its way: a second return meanwhile changes nothing. */
  private granting = false;

  constructor(private readonly toast: FlowServices['toast']) {}

  arm(): void {
    this.armed = true;
  }

  disarm(): void {
    this.armed = false;
  }

  /**
   * The tab is visible again: when the moves are due, `grant` asks for them (resolving with the
   * moves added, or null when they were not granted) and the player is told; nothing happens
   * when nothing is armed.
   */
  async collect(
    state: GameView | null,
    grant: () => Promise<{ movesAdded: number } | null>,
  ): Promise<void> {
    if (!this.armed || !state || this.granting) return;
    if (state.extraMovesGranted) {
      this.armed = false;
      this.toast({
        title: 'Already Awarded',
        description: "You've already received extra moves in this game.",
      });
      return;
    }
    if (state.status !== 'gameOverPending') {
      this.armed = false;
      return;
    }
    this.granting = true;
    try {
      const granted = await grant();
      if (!granted) return;
      this.toast({
        title: 'Extra Moves Added!',
        description: `You've earned ${granted.movesAdded} more moves to complete the level!`,
        variant: 'success',
      });
    } finally {
      this.granting = false;
    }
  }
}
