import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Cell, Move } from '@ballmatch/engine';
import { BoardController } from '@/game/board-controller';
import { watchFrameRate } from '@/game/frame-rate';
import { useMediaQuery } from '@/hooks/use-media-query';
import type { GameFlow } from '../model/game-flow';

const pixelRatio = () => window.devicePixelRatio || 1;

/**
 * One BoardController for the canvas's life, handed to the game flow as its animator, drawing
 * at the device's frame rate. It follows the cell size, the screen's pixel density (a window
 * moved to another display, browser zoom), reduced motion and the colour-blind symbols.
 */
export function useBoardController(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  flow: GameFlow,
  { cell, symbols }: { cell: number; symbols: boolean },
): RefObject<BoardController | null> {
  const controllerRef = useRef<BoardController | null>(null);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const controller = new BoardController(canvas);
    controllerRef.current = controller;
    controller.configure(cell, pixelRatio());
    flow.attachAnimator(controller);
    const stopFps = watchFrameRate((fps) => controller.setFrameRate(fps));
    return () => {
      stopFps();
      flow.attachAnimator(null);
      controller.destroy();
      controllerRef.current = null;
    };
    // The cell size is applied by the effects below; the controller lives as long as the canvas.
  }, [flow]);

  useLayoutEffect(() => controllerRef.current?.configure(cell, pixelRatio()), [cell]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(`(resolution: ${pixelRatio()}dppx)`);
    const onChange = () => controllerRef.current?.configure(cell, pixelRatio());
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [cell]);

  useEffect(() => controllerRef.current?.setReducedMotion(reducedMotion), [reducedMotion]);
  useEffect(() => controllerRef.current?.setSymbols(symbols), [symbols]);
  return controllerRef;
}

/** What is drawn over the balls: the selected ball, the keyboard cursor and the hint. */
export function useBoardOverlay(
  controllerRef: RefObject<BoardController | null>,
  selected: Cell | null,
  cursor: Cell | null,
  hint: Move | null,
): void {
  useEffect(
    () => controllerRef.current?.setOverlay({ selected, cursor, hint }),
    [controllerRef, selected, cursor, hint],
  );
}
