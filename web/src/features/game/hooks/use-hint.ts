import type { Move } from '@ballmatch/engine';
import { useEffect, useState } from 'react';
import { movesOn, type GameView } from '../model/game-view';

/** With hints on, a valid swap lights up after this long without input. */
export const HINT_DELAY_MS = 5000;

/**
 * The idle hint: a possible move, shown once the board has waited 5 s for the player. Any input
 * (a new `inputCount`) or a new board hides it and starts the wait again.
 */
export function useHint(enabled: boolean, state: GameView | null, inputCount: number): Move | null {
  const [hint, setHint] = useState<Move | null>(null);
  useEffect(() => {
    setHint(null);
    if (!enabled || !state) return;
    const timer = setTimeout(() => {
      const moves = movesOn(state.grid);
      if (moves.length > 0) setHint(moves[0]);
    }, HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, state, inputCount]);
  return hint;
}
