// Board geometry: 6 × 8 cells, 50 px by default, fitted to the device within 30–65 px.
import { GRID_COLUMNS, GRID_ROWS, type Cell } from '@ballmatch/engine';

export const CELL_SIZE = { default: 50, min: 30, max: 65 } as const;

/** The largest whole cell size that fits the space, kept within 30–65 px. */
export function fitCellSize(availableWidth: number, availableHeight: number): number {
  if (!(availableWidth > 0) || !(availableHeight > 0)) return CELL_SIZE.default;
  const fit = Math.floor(Math.min(availableWidth / GRID_COLUMNS, availableHeight / GRID_ROWS));
  return Math.max(CELL_SIZE.min, Math.min(CELL_SIZE.max, fit));
}

/** The board's size in CSS pixels for a cell size. */
export function boardSize(cellSize: number): { width: number; height: number } {
  return { width: cellSize * GRID_COLUMNS, height: cellSize * GRID_ROWS };
}

/** The cell under a point given in CSS pixels from the board's top-left corner, if any. */
export function cellAtPoint(x: number, y: number, cellSize: number): Cell | null {
  const cx = Math.floor(x / cellSize);
  const cy = Math.floor(y / cellSize);
  if (cx < 0 || cy < 0 || cx >= GRID_COLUMNS || cy >= GRID_ROWS) return null;
  return { x: cx, y: cy };
}

export function isSameCell(a: Cell | null | undefined, b: Cell | null | undefined): boolean {
  return !!a && !!b && a.x === b.x && a.y === b.y;
}

export function isAdjacentCell(a: Cell, b: Cell): boolean {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1;
}

/** Room the header, stats bar, controls and margins need above and below the board. */
export const RESERVED_HEIGHT = 236;

/** The cell size for a board frame of this width in this window. */
export function cellSizeFor(frameWidth: number): number {
  const width = frameWidth > 0 ? frameWidth : window.innerWidth - 40;
  return fitCellSize(width, window.innerHeight - RESERVED_HEIGHT);
}

/** A first guess before the frame has been laid out. */
export function estimatedCellSize(): number {
  if (typeof window === 'undefined') return CELL_SIZE.default;
  return fitCellSize(
    Math.min(window.innerWidth - 40, CELL_SIZE.max * 6),
    window.innerHeight - RESERVED_HEIGHT,
  );
}
