// Hand-made boards for rule tests: one letter per ball, one string per row (row 0 first).
import { COLORS, createGame } from '../src';
import type { ClearedRun, Color, GameState, Grid, LevelProgress, RunDirection } from '../src';
import { boardFromGrid } from '../src/board';
import { hasRun } from '../src/matches';

const BY_LETTER: Record<string, Color> = {
  o: 'orange',
  y: 'yellow',
  b: 'blue',
  r: 'red',
  g: 'green',
  p: 'purple',
};

export function gridOf(rows: string[]): Grid {
  if (rows.length !== 8) throw new Error('a grid has 8 rows');
  return rows.map((row) => {
    const letters = row.replace(/\s+/g, '');
    if (letters.length !== 6) throw new Error(`a row has 6 balls: "${row}"`);
    return [...letters].map((letter) => {
      const color = BY_LETTER[letter];
      if (!color) throw new Error(`unknown ball "${letter}"`);
      return color;
    });
  });
}

export function lettersOf(grid: Grid): string[] {
  return grid.map((row) => row.map((color) => color[0]).join(' '));
}

/** Slot (x + 2y) mod 6 in COLORS order: no run and no possible move anywhere. */
export const NO_MOVE_ROWS = [
  'o y b r g p',
  'b r g p o y',
  'g p o y b r',
  'o y b r g p',
  'b r g p o y',
  'g p o y b r',
  'o y b r g p',
  'b r g p o y',
];

/** The no-move board's rows with some rows changed. */
export function rowsWith(changes: Record<number, string>): string[] {
  return NO_MOVE_ROWS.map((row, y) => changes[y] ?? row);
}

export interface StateOverrides extends Partial<Omit<GameState, 'level'>> {
  level?: Partial<LevelProgress>;
}

/** A level-1 game on the given board (checked to hold no standing run), with overrides. */
export function stateOf(rows: string[], overrides: StateOverrides = {}, seed = 'rules'): GameState {
  const grid = gridOf(rows);
  if (hasRun(boardFromGrid(grid))) throw new Error('a hand-made board must not start with a run');
  const base = createGame(seed);
  return {
    ...base,
    ...overrides,
    grid,
    level: { ...base.level, ...overrides.level },
  };
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A cleared run along row `line` (over the columns `along`) or column `line` (over the rows). */
export const clearedRun = (
  color: Color,
  direction: RunDirection,
  line: number,
  along: number[],
  points: number,
): ClearedRun => ({
  color,
  cells: along.map((i) => (direction === 'row' ? { x: i, y: line } : { x: line, y: i })),
  length: along.length,
  points,
  direction,
});
export const rowRun = (color: Color, y: number, xs: number[], points: number) =>
  clearedRun(color, 'row', y, xs, points);
export const columnRun = (color: Color, x: number, ys: number[], points: number) =>
  clearedRun(color, 'column', x, ys, points);

export { COLORS };
