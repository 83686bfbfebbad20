// Telling taps from swipes (docs/product.md 'Game flow'): a touch released within 200 ms without
// moving far is a tap (select or swap); a drag from a ball towards a neighbour is a swipe (swap).
// Mouse and pen clicks select whatever their length, as a desktop player expects.
import { GRID_COLUMNS, GRID_ROWS, type Cell } from '@ballmatch/engine';

export const TAP_MAX_MS = 200;
/** How far (in cells) a pointer must travel before the gesture counts as a swipe. */
export const SWIPE_MIN_CELLS = 0.35;

export interface GestureStart {
  cell: Cell;
  x: number;
  y: number;
  time: number;
  pointerType: string;
}

export type Gesture = { kind: 'tap'; cell: Cell } | { kind: 'swipe'; from: Cell; to: Cell } | null;

/** What a press that began at `start` and ended at (x, y) at `time` means. */
export function readGesture(
  start: GestureStart,
  end: { x: number; y: number; time: number },
  cellSize: number,
): Gesture {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const distance = Math.max(Math.abs(dx), Math.abs(dy));
  if (distance >= cellSize * SWIPE_MIN_CELLS) {
    const horizontal = Math.abs(dx) >= Math.abs(dy);
    const to = horizontal
      ? { x: start.cell.x + Math.sign(dx), y: start.cell.y }
      : { x: start.cell.x, y: start.cell.y + Math.sign(dy) };
    if (to.x < 0 || to.y < 0 || to.x >= GRID_COLUMNS || to.y >= GRID_ROWS) return null;
    return { kind: 'swipe', from: start.cell, to };
  }
  if (start.pointerType === 'touch' && end.time - start.time > TAP_MAX_MS) return null;
  return { kind: 'tap', cell: start.cell };
}
