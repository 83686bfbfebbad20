// Types of moves.js (plain JavaScript so k6 can load it) for the test that checks it.
export const COLUMNS: number;
export const ROWS: number;
export function findMoves(
  cells: readonly string[],
): Array<{ from: { x: number; y: number }; to: { x: number; y: number } }>;
