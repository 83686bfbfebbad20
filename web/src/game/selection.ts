// The selection rules, shared by mouse, touch and keyboard: selecting the selected ball deselects
// it, a non-adjacent ball takes over the selection, and an adjacent ball asks for a swap.
import type { Cell } from '@ballmatch/engine';
import { isAdjacentCell, isSameCell } from './geometry';

export type PickOutcome =
  { kind: 'select'; cell: Cell } | { kind: 'deselect' } | { kind: 'swap'; from: Cell; to: Cell };

export function pickCell(selected: Cell | null, cell: Cell): PickOutcome {
  if (!selected) return { kind: 'select', cell };
  if (isSameCell(selected, cell)) return { kind: 'deselect' };
  if (isAdjacentCell(selected, cell)) return { kind: 'swap', from: selected, to: cell };
  return { kind: 'select', cell };
}
