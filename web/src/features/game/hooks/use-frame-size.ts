import { useLayoutEffect, useState, type RefObject } from 'react';
import { cellSizeFor, estimatedCellSize } from '@/game/geometry';

/**
 * The board's cell size (30–65 px) for the width of its frame, measured before the browser
 * paints and again whenever the frame or the window changes size. `onCellSize` hears each new
 * size (the panel sizes its bars to the board).
 */
export function useFrameSize(
  frameRef: RefObject<HTMLElement | null>,
  onCellSize?: (cell: number) => void,
): number {
  const [cell, setCell] = useState(estimatedCellSize);

  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setCell(cellSizeFor(frame.clientWidth));
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(frame);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [frameRef]);

  useLayoutEffect(() => onCellSize?.(cell), [cell, onCellSize]);
  return cell;
}
