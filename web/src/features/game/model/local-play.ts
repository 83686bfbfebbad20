// An action played by the engine on this page: a practice game's, and the tests' stand-in for
// the server. The answer is the engine's account of it, as the server's would be.
import { endGame, grantExtraMoves, resetGrid, swap, type GameState } from '@ballmatch/engine';
import type { ActionAnswer, PlayerAction } from './game-view';

export type LocalPlay =
  | { ok: true; state: GameState; answer: Omit<ActionAnswer, 'game'> }
  | { ok: false; message: string };

/** The game after `action` and the answer without its game, or the engine's refusal. */
export function playLocally(state: GameState, action: PlayerAction): LocalPlay {
  const played = (next: GameState, more: Partial<Omit<ActionAnswer, 'game'>> = {}): LocalPlay => ({
    ok: true,
    state: next,
    answer: { steps: [], levelUp: null, movesAdded: 0, ...more },
  });
  switch (action.type) {
    case 'swap': {
      const result = swap(state, action.from, action.to);
      if (!result.ok) return result;
      const { levelUp } = result;
      return played(result.state, {
        steps: result.steps,
        levelUp: levelUp && {
          fromLevel: levelUp.fromLevel,
          toLevel: levelUp.toLevel,
          unusedMoves: levelUp.unusedMoves,
          bonusPoints: levelUp.bonusPoints,
        },
      });
    }
    case 'extraMoves': {
      const result = grantExtraMoves(state);
      return result.ok ? played(result.state, { movesAdded: result.movesAdded }) : result;
    }
    case 'reset': {
      const result = resetGrid(state);
      return result.ok ? played(result.state) : result;
    }
    case 'end': {
      const result = endGame(state);
      return result.ok ? played(result.state) : result;
    }
  }
}
