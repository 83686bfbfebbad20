import { createGame } from '@ballmatch/engine';
import { useEffect, useRef, useState } from 'react';
import type { BallColor } from '@/components/ui/ball';
import { BoardController } from '@/game/board-controller';
import { loadFaceImages } from '@/game/faces';
import { boardSize } from '@/game/geometry';
import './ball-board-preview.css';

/** A board as players will see it, the same on every visit (a fixed seed). */
const PREVIEW_GRID = createGame('ad-preview').grid;
const PREVIEW_CELL = 36;

/**
 * A live preview of a ball ad: a still 6×8 board drawn by the game's own board code, so the image
 * is on every ball of the chosen colour exactly as in play (game/ball-sprites.ts FACE_RULE: a disc
 * inside a thick ring of the colour, tinted by it), with or without the colour-blind symbols.
 */
export function BallBoardPreview({
  color,
  imageUrl,
}: {
  color: BallColor | null;
  imageUrl: string | null;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<BoardController | null>(null);
  const [symbols, setSymbols] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const controller = new BoardController(canvas);
    controller.configure(PREVIEW_CELL, window.devicePixelRatio || 1);
    controller.showGrid(PREVIEW_GRID);
    controllerRef.current = controller;
    return () => {
      controller.destroy();
      controllerRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (!color || !imageUrl) {
      controllerRef.current?.setFaces(new Map());
      return;
    }
    let cancelled = false;
    void loadFaceImages([{ kind: 'ad', color, adId: 'preview', url: imageUrl }]).then((images) => {
      if (!cancelled) controllerRef.current?.setFaces(images);
    });
    return () => {
      cancelled = true;
    };
  }, [color, imageUrl]);

  useEffect(() => controllerRef.current?.setSymbols(symbols), [symbols]);

  const size = boardSize(PREVIEW_CELL);
  const label =
    color && imageUrl
      ? `Preview: your image on the ${color} balls of a board`
      : 'Preview of the board (choose a colour and upload an image)';
  return (
    <figure className="ball-board-preview">
      <div className="ball-board-preview__tray" style={{ width: size.width, height: size.height }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          data-testid="ad-board-preview"
          data-color={color ?? ''}
          data-image={imageUrl ?? ''}
          style={{ width: size.width, height: size.height }}
        />
      </div>
      <label className="ball-board-preview__symbols">
        <input
          type="checkbox"
          checked={symbols}
          onChange={(event) => setSymbols(event.target.checked)}
        />
        With colour-blind symbols
      </label>
      <figcaption>
        Live preview: your image on every ball of its colour, inside a thick ring and a tint of the
        colour, so players always see the colour first.
      </figcaption>
    </figure>
  );
}
