import { createGame } from '@ballmatch/engine';
import { useEffect, type RefObject } from 'react';
import type { BoardController } from '@/game/board-controller';
import type { GameFlow, GamePhase } from '../model/game-flow';

/**
 * Before a game, a sample board sits under the How to Play overlay. It is decoration, so it is
 * drawn once the page has settled (when the browser is idle, at most 1.5 s later).
 */
export function useIdlePreview(
  controllerRef: RefObject<BoardController | null>,
  flow: GameFlow,
  phase: GamePhase,
): void {
  useEffect(() => {
    if (phase !== 'idle') return;
    const show = () => {
      if (flow.getSnapshot().phase === 'idle') {
        controllerRef.current?.showGrid(createGame(`preview-${Math.random()}`).grid);
      }
    };
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(show, { timeout: 1500 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(show, 200);
    return () => clearTimeout(timer);
  }, [controllerRef, phase, flow]);
}
