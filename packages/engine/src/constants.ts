// The numbers the rules depend on, in one place (each explained in README.md, 'Rules').

/** Columns of the board (x runs 0..GRID_COLUMNS-1, left to right). */
export const GRID_COLUMNS = 6;
/** Rows of the board (y runs 0..GRID_ROWS-1, top to bottom). */
export const GRID_ROWS = 8;
/** Shortest line of equal colours that counts as a match. */
export const MIN_RUN = 3;

/** The six ball colours, in a fixed order (the PRNG picks by index, so the order is part of replays). */
export const COLORS = ['orange', 'yellow', 'blue', 'red', 'green', 'purple'] as const;
export type Color = (typeof COLORS)[number];

export const COLOR_HEX: Readonly<Record<Color, string>> = {
  orange: '#FFA500',
  yellow: '#FFD700',
  blue: '#0000FF',
  red: '#FF0000',
  green: '#00FF00',
  purple: '#800080',
};

/** Fix passes over a new grid to re-roll balls that stand in a run (README.md, 'New boards'). */
export const GRID_FIX_PASSES = 10;
/** Whole grids drawn before falling back to the fixed pattern when none has a possible move. */
export const GRID_ATTEMPTS = 10;

/** Targets, move allowances and the level-up bonus (README.md, 'Level-up'). */
export const LEVEL = {
  initialTargetMatches: 10,
  targetMatchesIncrement: 5,
  initialMoves: 10,
  movesIncrement: 1,
  levelUpBonusMoves: 2,
  bonusPointsPerUnusedMove: 100,
  targetColorHistory: 3,
  /** The client shows the level-up this long after the move; the engine applies it at once. */
  levelUpDelayMs: 1000,
} as const;

/** Extra moves a watched ad grants, once per game. */
export const EXTRA_MOVES = 7;
/** The client waits this long before the ad modal or the game-over screen. */
export const OUT_OF_MOVES_DELAY_MS = 300;

/** Animation budget: the client animates the steps a swap returns with these. */
export const ANIMATION = {
  swapMs: 200,
  swapSteps: 10,
  popMs: 350,
  fallMs: 700,
} as const;

/**
 * The same sequence under prefers-reduced-motion, much shorter: the fastest the page plays an
 * answer (README.md 'Answer display time'; every duration at most ANIMATION's).
 */
export const REDUCED_ANIMATION = {
  swapMs: 60,
  swapSteps: 2,
  popMs: 100,
  fallMs: 160,
} as const;

/** Anti-cheat timing thresholds (README.md, 'Anti-cheat timing'). */
export const TIMING = {
  minMoves: 5,
  fastGapMs: 100,
  fastRatioThreshold: 0.3,
  variationThreshold: 0.1,
  maxCountedGapMs: 10_000,
  /**
   * How much sooner than the page's fastest display of an answer the next action may arrive
   * before it is too soon: what network delays can hide (README.md, 'Anti-cheat timing').
   */
  displayToleranceMs: 100,
  /** Answers followed too soon before a game is held (a clock's step makes one; a bot dozens). */
  minTooSoon: 3,
} as const;
