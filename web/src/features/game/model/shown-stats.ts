import type { Color, LevelProgress } from '@ballmatch/engine';

/** What the stats bar shows. It trails the engine while a move is being animated. */
export interface ShownStats {
  score: number;
  level: number;
  movesLeft: number;
  matchesCollected: number;
  targetMatches: number;
  /** Null draws the target swatch grey (no target yet). */
  targetColor: Color | null;
}

export function statsOf(state: { score: number; level: LevelProgress }): ShownStats {
  const { level } = state;
  return {
    score: state.score,
    level: level.currentLevel,
    movesLeft: Math.max(0, level.movesAllowed - level.movesUsed),
    matchesCollected: level.matchesCollected,
    targetMatches: level.targetMatches,
    targetColor: level.targetColor ?? null,
  };
}
