import { useRef, type ReactNode } from 'react';
import type { Face } from '@/game/faces';
import { boardSize } from '@/game/geometry';
import { useBoardController, useBoardOverlay } from '../hooks/use-board-controller';
import { useBoardInput } from '../hooks/use-board-input';
import { useFaceImages } from '../hooks/use-face-images';
import { useFrameSize } from '../hooks/use-frame-size';
import { useHint } from '../hooks/use-hint';
import { useIdlePreview } from '../hooks/use-idle-preview';
import type { GameFlow, GameSnapshot } from '../model/game-flow';
import './game-board.css';

const BOARD_LABEL = 'BallMatch board, 6 columns by 8 rows';
const INSTRUCTIONS =
  'Use the arrow keys to move the cursor, then Space or Enter to select a ball. Select a neighbouring ball to swap them.';

/**
 * The live board: a canvas drawn by BoardController, sized to the space (30–65 px cells) at
 * the screen's pixel density, played with the mouse, touch (tap or swipe) or the keyboard.
 */
export function GameBoard({
  flow,
  snapshot,
  faces,
  symbols,
  hints,
  onCellSize,
  children,
}: {
  flow: GameFlow;
  snapshot: GameSnapshot;
  faces: readonly Face[];
  symbols: boolean;
  hints: boolean;
  /** Hears the fitted cell size (the panel sizes its bars to the board). */
  onCellSize?: (cell: number) => void;
  children?: ReactNode;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { phase, state, busy, noMoves } = snapshot;

  const cell = useFrameSize(frameRef, onCellSize);
  const controllerRef = useBoardController(canvasRef, flow, { cell, symbols });
  useFaceImages(controllerRef, faces);
  const input = useBoardInput(flow, snapshot, cell, canvasRef);
  useIdlePreview(controllerRef, flow, phase);
  const acceptsInput = phase === 'playing' && !busy && !noMoves;
  const hint = useHint(hints && acceptsInput, state, input.inputCount);
  useBoardOverlay(controllerRef, input.selected, input.cursor, hint);

  const size = boardSize(cell);
  return (
    <div
      ref={frameRef}
      className="game-board-frame"
      data-testid="game-board"
      data-phase={phase}
      data-busy={busy || phase === 'starting' ? 'true' : 'false'}
      data-cell-size={cell}
    >
      <div className="game-board" style={{ width: size.width, height: size.height }}>
        <canvas
          ref={canvasRef}
          className="game-board__canvas"
          style={{ width: size.width, height: size.height }}
          role="application"
          aria-roledescription="game board"
          aria-label={BOARD_LABEL}
          aria-describedby="game-board-instructions"
          tabIndex={phase === 'playing' ? 0 : -1}
          {...input.canvasHandlers}
        />
        {children}
      </div>
      <p id="game-board-instructions" className="visually-hidden">
        {INSTRUCTIONS}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {input.cursorNote}
      </p>
    </div>
  );
}
