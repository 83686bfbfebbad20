import type { Color } from '@ballmatch/engine';
import { useEffect, useRef } from 'react';
import { paintBall } from '@/game/ball-sprites';
import { loadFaceImages } from '@/game/faces';
import './face-ball.css';

/**
 * A ball wearing a face, drawn by the board's own rule (game/ball-sprites.ts FACE_RULE: the image
 * in a disc inside a thick ring of the ball's colour, tinted by it), in a cell of `size` CSS
 * pixels. `url` must already be one the page may load (checked by the caller; it is loaded as an
 * image, never put into the page, and kept in `data-image`); without one, or until it loads, a
 * plain ball.
 */
export function FaceBall({
  color,
  size,
  url,
  alt = '',
}: {
  color: Color;
  size: number;
  url: string | null;
  alt?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pixels = Math.round(size * Math.max(1, Math.min(3, window.devicePixelRatio || 1)));
    const draw = (image: CanvasImageSource | null) => {
      canvas.width = pixels;
      canvas.height = pixels;
      let ctx: CanvasRenderingContext2D | null = null;
      try {
        ctx = canvas.getContext('2d');
      } catch {
        // No canvas support (a test DOM): nothing to draw.
      }
      ctx?.drawImage(paintBall(color, pixels, { image }), 0, 0);
    };
    draw(null);
    if (!url) return;
    let cancelled = false;
    void loadFaceImages([{ kind: 'ad', color, adId: 'preview', url }]).then((images) => {
      if (!cancelled) draw(images.get(color) ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [color, size, url]);

  return (
    <canvas
      ref={canvasRef}
      className="face-ball"
      data-image={url ?? undefined}
      style={{ width: size, height: size }}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    />
  );
}
