// Types of moves.js (plain JavaScript so k6 can load it) for the test that checks it.
export const COLUMNS: number;
export const ROWS: number;
export function findMoves(
  cells: readonly string[],
): Array<{ from: { x: number; y: number }; to: { x: number; y: number } }>;

type Swap = { from: { x: number; y: number }; to: { x: number; y: number } };
export function nextAction(
  game: { status: string; extraMovesGranted: boolean; hasMoves: boolean; grid: readonly string[] },
  canEarn: boolean,
  pick?: (moves: Swap[]) => Swap,
): { type: 'end' | 'extraMoves' | 'reset' } | ({ type: 'swap' } & Swap);
export function sessionFigures(
  game: { score: number; totalMatches: number; totalMoves: number },
  playerName: string,
  averageMoveDuration: number,
  extra?: Record<string, unknown>,
): Record<string, unknown>;
