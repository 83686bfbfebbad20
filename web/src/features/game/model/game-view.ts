// The game as the page knows it (docs/api.md 'Ranked games'): the server's `Game` without the
// random generator, which never leaves the server. The client reads the board it can see with
// the engine (which swaps are possible, which runs a swap pops at once), and nothing more: every
// ball that has not yet fallen comes in the server's answer to the action that drops it.
import {
  COLORS,
  GRID_COLUMNS,
  GRID_ROWS,
  findMoves,
  gridFromCells,
  swap,
  type CascadeStep,
  type Cell,
  type Color,
  type GameState,
  type Grid,
  type LevelProgress,
  type Move,
  type PlayerView,
  type SwapRejection,
} from '@ballmatch/engine';

/**
 * The engine's player view with the board as a grid. `hasMoves` false: no swap is possible and
 * the board offers 'Reset Grid'; `seq`: the actions applied so far, the next action is sent with it.
 */
export interface GameView extends Omit<PlayerView, 'grid'> {
  grid: Grid;
  /**
   * Once the game has ended: its result as the server signed it, sent with the score (docs/api.md
   * 'Submitting a game'). Absent while it is played, and for a practice game.
   */
  result?: string;
}

/** The level-up of an answer; the new level is already in the answer's game. */
export interface LevelUpInfo {
  fromLevel: number;
  toLevel: number;
  unusedMoves: number;
  bonusPoints: number;
}

/** What the server answers to an action (the engine's account of it). */
export interface ActionAnswer {
  game: GameView;
  /** A swap's cascade, round by round; empty for the other actions. */
  steps: CascadeStep[];
  levelUp: LevelUpInfo | null;
  movesAdded: number;
}

export type PlayerAction =
  | { type: 'swap'; from: Cell; to: Cell }
  | { type: 'reset' }
  | { type: 'extraMoves' }
  | { type: 'end' };

/** The first round of a swap's cascade: the runs the swap makes on the board as it stands. */
export type VisiblePop = Pick<CascadeStep, 'cleared' | 'removed' | 'points' | 'targetCollected'>;

/**
 * The engine's shape of a view, for the rules that read only the board and the level. Its
 * random generator is a stand-in: anything drawn from it (the balls a cascade drops) is made up,
 * so only what the grid alone decides may be taken from a result.
 */
function engineState(view: GameView): GameState {
  return { ...view, rng: [0x9e3779b9, 0x243f6a88, 0xb7e15162, 1] };
}

/** Every possible swap on a board (empty: 'Reset Grid'). */
export function movesOn(grid: Grid): Move[] {
  return findMoves({ grid } as GameState);
}

/**
 * Checks a swap on the board the player sees: the engine's reason when it is refused
 * (not neighbours, no run, out of moves...), else the runs it pops at once. What falls after
 * that is the server's to say.
 */
export function previewSwap(
  view: GameView,
  from: Cell,
  to: Cell,
): { ok: true; pop: VisiblePop } | { ok: false; reason: SwapRejection } {
  const result = swap(engineState(view), from, to);
  if (!result.ok) return { ok: false, reason: result.reason };
  const [first] = result.steps;
  return {
    ok: true,
    pop: {
      cleared: first.cleared,
      removed: first.removed,
      points: first.points,
      targetCollected: first.targetCollected,
    },
  };
}

/** Whether two pops clear the same cells (the server saw the board the player saw). */
export function samePop(a: Pick<VisiblePop, 'removed'>, b: Pick<VisiblePop, 'removed'>): boolean {
  const key = (cells: Cell[]) =>
    cells
      .map((c) => c.y * GRID_COLUMNS + c.x)
      .sort((x, y) => x - y)
      .join(',');
  return key(a.removed) === key(b.removed);
}

/** The longest run a swap's cascade cleared. */
export function largestRunOf(steps: readonly CascadeStep[]): number {
  return Math.max(0, ...steps.flatMap((step) => step.cleared.map((run) => run.length)));
}

/** The practice game's view of the engine's own state. */
export function viewOfState(state: GameState, seq: number): GameView {
  const { rng: _rng, ...rest } = state;
  return { ...rest, hasMoves: movesOn(state.grid).length > 0, seq };
}

// --- reading the server's answers --------------------------------------------------------

const CELLS = GRID_COLUMNS * GRID_ROWS;

class BadAnswer extends Error {
  constructor(what: string) {
    super(`The game server's answer is not a game: ${what}`);
    this.name = 'BadAnswer';
  }
}

/** The level's figures, each a whole number from 0 (its colours are read apart). */
const LEVEL_COUNTS = [
  'currentLevel',
  'targetMatches',
  'matchesCollected',
  'movesAllowed',
  'movesUsed',
] as const satisfies ReadonlyArray<keyof LevelProgress>;

const isColor = (value: unknown): value is Color => COLORS.includes(value as Color);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The server's `Game` (grid as 48 names, row by row from the top) as a view; throws if not one. */
export function readGame(raw: unknown): GameView {
  const g = raw as Record<string, unknown> | null;
  if (!g || typeof g !== 'object') throw new BadAnswer('no game');
  const cells = g.grid;
  if (!Array.isArray(cells) || cells.length !== CELLS || !cells.every(isColor)) {
    throw new BadAnswer('grid');
  }
  const level = g.level as Record<string, unknown> | null;
  if (!level || !isColor(level.targetColor) || !LEVEL_COUNTS.every((f) => isCount(level[f]))) {
    throw new BadAnswer('level');
  }
  const counts = Object.fromEntries(LEVEL_COUNTS.map((field) => [field, level[field]]));
  for (const field of ['score', 'totalMoves', 'totalMatches', 'largestRun', 'seq'] as const) {
    if (!isCount(g[field])) throw new BadAnswer(field);
  }
  if (g.status !== 'active' && g.status !== 'gameOverPending' && g.status !== 'ended') {
    throw new BadAnswer('status');
  }
  const grid: Grid = gridFromCells(cells as Color[]);
  return {
    grid,
    score: g.score as number,
    level: {
      ...(counts as Pick<LevelProgress, (typeof LEVEL_COUNTS)[number]>),
      targetColor: level.targetColor,
      previousColors: Array.isArray(level.previousColors)
        ? level.previousColors.filter(isColor)
        : [],
    },
    totalMoves: g.totalMoves as number,
    totalMatches: g.totalMatches as number,
    largestRun: g.largestRun as number,
    extraMovesGranted: g.extraMovesGranted === true,
    status: g.status,
    hasMoves: typeof g.hasMoves === 'boolean' ? g.hasMoves : movesOn(grid).length > 0,
    seq: g.seq as number,
    ...(typeof g.result === 'string' && g.result !== '' ? { result: g.result } : {}),
  };
}

/** The server's answer to an action; throws if it is not one. */
export function readAnswer(raw: unknown): ActionAnswer {
  const a = raw as Record<string, unknown> | null;
  if (!a || typeof a !== 'object') throw new BadAnswer('no answer');
  if (!Array.isArray(a.steps)) throw new BadAnswer('steps');
  const levelUp = a.levelUp as LevelUpInfo | null | undefined;
  if (levelUp != null && (!isCount(levelUp.fromLevel) || !isCount(levelUp.bonusPoints))) {
    throw new BadAnswer('levelUp');
  }
  return {
    game: readGame(a.game),
    steps: a.steps as CascadeStep[],
    levelUp: levelUp ?? null,
    movesAdded: isCount(a.movesAdded) ? a.movesAdded : 0,
  };
}
