// Keyboard play: arrow keys move a visible cursor over the board (stopping at the edges), and
// Space or Enter picks the ball under it with the same rules as a click.
import { GRID_COLUMNS, GRID_ROWS, type Cell } from '@ballmatch/engine';

const STEPS: Record<string, Cell> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

export type BoardKey = { kind: 'move'; cell: Cell } | { kind: 'pick' } | { kind: 'cancel' } | null;

export function readBoardKey(key: string, cursor: Cell): BoardKey {
  const step = STEPS[key];
  if (step) {
    return {
      kind: 'move',
      cell: {
        x: Math.max(0, Math.min(GRID_COLUMNS - 1, cursor.x + step.x)),
        y: Math.max(0, Math.min(GRID_ROWS - 1, cursor.y + step.y)),
      },
    };
  }
  if (key === ' ' || key === 'Enter' || key === 'Spacebar') return { kind: 'pick' };
  if (key === 'Escape') return { kind: 'cancel' };
  return null;
}
