import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { Cell } from '@ballmatch/engine';
import { readGesture, type GestureStart } from '@/game/gesture';
import { cellAtPoint } from '@/game/geometry';
import { readBoardKey } from '@/game/keyboard';
import { pickCell } from '@/game/selection';
import type { GameFlow, GameSnapshot } from '../model/game-flow';

type CanvasPointer = PointerEvent<HTMLCanvasElement>;

function pointIn(event: CanvasPointer) {
  const rect = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/**
 * Playing the board with the mouse, touch (tap or swipe) or the keyboard (arrow keys move a
 * cursor, Space or Enter picks, Escape drops the selection). Picking selects a ball, picking it
 * again deselects it, picking a neighbour tries the swap. A new game, or the end of one, leaves
 * no selection over, and a starting game takes the keyboard focus.
 */
export function useBoardInput(
  flow: GameFlow,
  { phase, state }: GameSnapshot,
  cell: number,
  canvasRef: RefObject<HTMLCanvasElement | null>,
) {
  const gestureRef = useRef<GestureStart | null>(null);
  const [selected, setSelected] = useState<Cell | null>(null);
  const [cursor, setCursor] = useState<Cell>({ x: 0, y: 0 });
  const [keyboardMode, setKeyboardMode] = useState(false);
  const [focused, setFocused] = useState(false);
  const [cursorNote, setCursorNote] = useState('');
  /** Counts the player's inputs (the hint waits for a quiet board). */
  const [inputCount, setInputCount] = useState(0);

  useEffect(() => {
    setSelected(null);
    if (phase === 'playing' && document.activeElement !== canvasRef.current) {
      canvasRef.current?.focus({ preventScroll: true });
    }
  }, [phase, canvasRef]);

  const touched = () => setInputCount((n) => n + 1);

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

  function onPointerDown(event: CanvasPointer) {
    if (event.button > 0) return;
    setKeyboardMode(false);
    touched();
    if (!flow.acceptsInput) return;
    const point = pointIn(event);
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

  function onPointerUp(event: CanvasPointer) {
    const start = gestureRef.current;
    gestureRef.current = null;
    if (!start) return;
    const gesture = readGesture(start, { ...pointIn(event), time: event.timeStamp }, cell);
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

  return {
    selected,
    /** The keyboard cursor, drawn only while the keyboard is in use on the focused board. */
    cursor: keyboardMode && focused && phase === 'playing' ? cursor : null,
    /** What a screen reader hears as the keyboard cursor moves. */
    cursorNote: keyboardMode ? cursorNote : '',
    inputCount,
    canvasHandlers: {
      onPointerDown,
      onPointerUp,
      onPointerCancel: () => (gestureRef.current = null),
      onKeyDown,
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
    },
  };
}
