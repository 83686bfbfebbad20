import { createGame, findMoves, type Cell, type Move } from '@ballmatch/engine';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { BoardController } from '@/game/board-controller';
import { loadFaceImages, type Face } from '@/game/faces';
import { watchFrameRate } from '@/game/frame-rate';
import { readGesture, type GestureStart } from '@/game/gesture';
import { boardSize, cellAtPoint, cellSizeFor, estimatedCellSize } from '@/game/geometry';
import { readBoardKey } from '@/game/keyboard';
import { pickCell } from '@/game/selection';
import type { GameFlow, GameSnapshot } from '../model/game-flow';
import { useMediaQuery } from './use-media-query';
import './game-board.css';

/** SPEC-beyond: a valid swap lights up after 5 s without input (when hints are on). */
export const HINT_DELAY_MS = 5000;
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
  const controllerRef = useRef<BoardController | null>(null);
  const gestureRef = useRef<GestureStart | null>(null);
  const [cell, setCell] = useState(estimatedCellSize);
  const [selected, setSelected] = useState<Cell | null>(null);
  const [cursor, setCursor] = useState<Cell>({ x: 0, y: 0 });
  const [keyboardMode, setKeyboardMode] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hint, setHint] = useState<Move | null>(null);
  const [inputTick, setInputTick] = useState(0);
  const [cursorNote, setCursorNote] = useState('');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { phase, state, busy, noMoves } = snapshot;
  const accepts = phase === 'playing' && !busy && !noMoves;

  // One controller per canvas, handed to the game flow as its animator.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const controller = new BoardController(canvas);
    controllerRef.current = controller;
    controller.configure(cell, window.devicePixelRatio || 1);
    flow.attachAnimator(controller);
    const stopFps = watchFrameRate((fps) => controller.setFrameRate(fps));
    return () => {
      stopFps();
      flow.attachAnimator(null);
      controller.destroy();
      controllerRef.current = null;
    };
    // The cell size is applied by the effect below; the controller lives as long as the canvas.
  }, [flow]);

  // Fit the board to its column and the screen height, before the browser paints.
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
  }, []);

  useLayoutEffect(() => {
    controllerRef.current?.configure(cell, window.devicePixelRatio || 1);
    onCellSize?.(cell);
  }, [cell, onCellSize]);

  // A different screen density (window moved to another display, browser zoom).
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    const onChange = () => controllerRef.current?.configure(cell, window.devicePixelRatio || 1);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [cell]);

  useEffect(() => controllerRef.current?.setReducedMotion(reducedMotion), [reducedMotion]);
  useEffect(() => controllerRef.current?.setSymbols(symbols), [symbols]);

  useEffect(() => {
    let cancelled = false;
    if (faces.length === 0) {
      controllerRef.current?.setFaces(new Map());
      return;
    }
    void loadFaceImages(faces).then((images) => {
      if (!cancelled) controllerRef.current?.setFaces(images);
    });
    return () => {
      cancelled = true;
    };
  }, [faces]);

  // A new game, or the end of one: no selection left over.
  useEffect(() => {
    setSelected(null);
    if (phase === 'playing' && document.activeElement !== canvasRef.current) {
      canvasRef.current?.focus({ preventScroll: true });
    }
  }, [phase]);

  // Before a game, a sample board sits under the How to Play overlay. It is decoration, so it
  // is drawn once the page has settled.
  useEffect(() => {
    if (phase !== 'idle') return;
    const show = () => {
      if (flow.getSnapshot().phase === 'idle') {
        controllerRef.current?.showGrid(createGame(`preview-${Math.random()}`).grid);
      }
    };
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(show, { timeout: 1500 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(show, 200);
    return () => clearTimeout(timer);
  }, [phase, flow]);

  // The idle hint.
  useEffect(() => {
    setHint(null);
    if (!hints || !accepts || !state) return;
    const timer = setTimeout(() => {
      const moves = findMoves(state);
      if (moves.length > 0) setHint(moves[0]);
    }, HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hints, accepts, state, inputTick]);

  useEffect(() => {
    controllerRef.current?.setOverlay({
      selected,
      cursor: keyboardMode && focused && phase === 'playing' ? cursor : null,
      hint,
    });
  }, [selected, cursor, keyboardMode, focused, hint, phase]);

  function touched() {
    setInputTick((n) => n + 1);
  }

  function attemptSwap(from: Cell, to: Cell) {
    setSelected(null);
    void flow.trySwap(from, to);
  }

  function pick(at: Cell) {
    if (!flow.acceptsInput) return;
    const outcome = pickCell(selected, at);
    if (outcome.kind === 'select') setSelected(outcome.cell);
    else if (outcome.kind === 'deselect') setSelected(null);
    else attemptSwap(outcome.from, outcome.to);
  }

  function pointAt(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (event.button > 0) return;
    setKeyboardMode(false);
    touched();
    if (!flow.acceptsInput) return;
    const point = pointAt(event);
    const at = cellAtPoint(point.x, point.y, cell);
    if (!at) return;
    gestureRef.current = {
      cell: at,
      ...point,
      time: event.timeStamp,
      pointerType: event.pointerType,
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
    const start = gestureRef.current;
    gestureRef.current = null;
    if (!start) return;
    const gesture = readGesture(start, { ...pointAt(event), time: event.timeStamp }, cell);
    if (!gesture) return;
    if (gesture.kind === 'tap') pick(gesture.cell);
    else attemptSwap(gesture.from, gesture.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const key = readBoardKey(event.key, cursor);
    if (!key) return;
    event.preventDefault();
    setKeyboardMode(true);
    touched();
    if (key.kind === 'move') {
      setCursor(key.cell);
      const color = state?.grid[key.cell.y]?.[key.cell.x];
      setCursorNote(`Row ${key.cell.y + 1}, column ${key.cell.x + 1}${color ? `: ${color}` : ''}`);
    } else if (key.kind === 'pick') {
      pick(cursor);
    } else {
      setSelected(null);
    }
  }

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
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (gestureRef.current = null)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        {children}
      </div>
      <p id="game-board-instructions" className="visually-hidden">
        {INSTRUCTIONS}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {keyboardMode ? cursorNote : ''}
      </p>
    </div>
  );
}
