// Level progression: targets, move allowances, target colours, bonus (README.md, 'Level-up').
import { COLORS, LEVEL } from './constants';
import type { Color } from './constants';
import type { RandomSource } from './random';
import type { LevelProgress } from './types';

/** Target-colour balls to collect on a level: 10, 15, 20, ... */
export function targetMatchesFor(level: number): number {
  return LEVEL.initialTargetMatches + LEVEL.targetMatchesIncrement * (level - 1);
}

/** Moves a level grants before any bonus: 10, 11, 12, ... */
export function baseMovesFor(level: number): number {
  return LEVEL.initialMoves + LEVEL.movesIncrement * (level - 1);
}

/** A random target colour that is none of the last LEVEL.targetColorHistory targets. */
export function pickTargetColor(rng: RandomSource, previousColors: readonly Color[]): Color {
  const recent = previousColors.slice(-LEVEL.targetColorHistory);
  const candidates = COLORS.filter((color) => !recent.includes(color));
  return candidates[rng.nextInt(candidates.length)];
}

function startLevel(
  currentLevel: number,
  rng: RandomSource,
  previousColors: readonly Color[],
  bonusMoves: number,
): LevelProgress {
  const targetColor = pickTargetColor(rng, previousColors);
  return {
    currentLevel,
    targetColor,
    targetMatches: targetMatchesFor(currentLevel),
    matchesCollected: 0,
    movesAllowed: baseMovesFor(currentLevel) + bonusMoves,
    movesUsed: 0,
    previousColors: [...previousColors, targetColor].slice(-LEVEL.targetColorHistory),
  };
}

export function firstLevel(rng: RandomSource): LevelProgress {
  return startLevel(1, rng, [], 0);
}

/** The level after `level`: a fresh count, and the level-up bonus moves on top of its allowance. */
export function nextLevel(level: LevelProgress, rng: RandomSource): LevelProgress {
  return startLevel(level.currentLevel + 1, rng, level.previousColors, LEVEL.levelUpBonusMoves);
}

/** Unused moves of a completed level, each worth LEVEL.bonusPointsPerUnusedMove points. */
export function unusedMoves(level: LevelProgress): number {
  return Math.max(0, level.movesAllowed - level.movesUsed);
}

export function isTargetMet(level: LevelProgress): boolean {
  return level.matchesCollected >= level.targetMatches;
}
