// Each ball face is painted once into an offscreen canvas at the board's pixel size; a frame
// then only copies these sprites, which keeps drawing a whole board well under 4 ms.
import { COLOR_HEX, type Color } from '@ballmatch/engine';
import { COLOR_SYMBOLS, type SymbolShape } from './symbols';

/** Light and dark shades of each ball colour for the glossy gradient (as in ball.css). */
const SHADES: Record<Color, { light: string; dark: string }> = {
  orange: { light: '#ffd38a', dark: '#b35900' },
  yellow: { light: '#fff6b0', dark: '#b38600' },
  blue: { light: '#8fa3ff', dark: '#00006b' },
  red: { light: '#ff9c9c', dark: '#8a0000' },
  green: { light: '#c4ffc4', dark: '#008a1c' },
  purple: { light: '#e29ae2', dark: '#3a003a' },
};

export { COLOR_SYMBOLS };

/** Radius of a ball relative to its cell. */
export const BALL_RADIUS = 0.42;

export function createCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  return canvas;
}

function drawSymbol(ctx: CanvasRenderingContext2D, shape: SymbolShape, c: number, r: number) {
  ctx.beginPath();
  switch (shape) {
    case 'triangle':
      ctx.moveTo(c, c - r);
      ctx.lineTo(c + r * 0.95, c + r * 0.7);
      ctx.lineTo(c - r * 0.95, c + r * 0.7);
      ctx.closePath();
      break;
    case 'star':
      for (let i = 0; i < 10; i++) {
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        const radius = i % 2 === 0 ? r : r * 0.45;
        ctx.lineTo(c + Math.cos(angle) * radius, c + Math.sin(angle) * radius);
      }
      ctx.closePath();
      break;
    case 'square':
      ctx.rect(c - r * 0.75, c - r * 0.75, r * 1.5, r * 1.5);
      break;
    case 'circle':
      ctx.arc(c, c, r * 0.8, 0, Math.PI * 2);
      break;
    case 'plus': {
      const w = r * 0.36;
      ctx.rect(c - w, c - r, w * 2, r * 2);
      ctx.rect(c - r, c - w, r * 2, w * 2);
      break;
    }
    case 'diamond':
      ctx.moveTo(c, c - r);
      ctx.lineTo(c + r * 0.8, c);
      ctx.lineTo(c, c + r);
      ctx.lineTo(c - r * 0.8, c);
      ctx.closePath();
      break;
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
  ctx.lineWidth = Math.max(1.5, r * 0.18);
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.fill('nonzero');
}

/**
 * One ball sprite, `size` device pixels square. With an image, the colour stays readable as a thick
 * ring around it (a face replaces the ball's look; its colour still decides matches).
 */
export function paintBall(
  color: Color,
  size: number,
  options: { image?: CanvasImageSource | null; symbol?: boolean } = {},
): HTMLCanvasElement {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  const c = size / 2;
  const r = size * BALL_RADIUS;
  const { light, dark } = SHADES[color];
  const base = COLOR_HEX[color];

  // Soft contact shadow.
  ctx.fillStyle = 'rgba(0, 0, 0, 0.28)';
  ctx.beginPath();
  ctx.ellipse(c, c + r * 0.92, r * 0.72, r * 0.16, 0, 0, Math.PI * 2);
  ctx.fill();

  const body = ctx.createRadialGradient(c - r * 0.3, c - r * 0.35, r * 0.08, c, c, r);
  body.addColorStop(0, light);
  body.addColorStop(0.5, base);
  body.addColorStop(1, dark);
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.arc(c, c, r, 0, Math.PI * 2);
  ctx.fill();

  if (options.image) {
    const inner = r * 0.76;
    ctx.save();
    ctx.beginPath();
    ctx.arc(c, c, inner, 0, Math.PI * 2);
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.clip();
    const source = options.image as HTMLImageElement;
    const iw = source.naturalWidth || source.width || 1;
    const ih = source.naturalHeight || source.height || 1;
    const scale = Math.max((inner * 2) / iw, (inner * 2) / ih);
    ctx.drawImage(
      options.image,
      c - (iw * scale) / 2,
      c - (ih * scale) / 2,
      iw * scale,
      ih * scale,
    );
    ctx.restore();
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.7)';
    ctx.lineWidth = Math.max(1, size * 0.015);
    ctx.beginPath();
    ctx.arc(c, c, inner, 0, Math.PI * 2);
    ctx.stroke();
  } else {
    // Specular highlight.
    const shine = ctx.createRadialGradient(
      c - r * 0.35,
      c - r * 0.45,
      0,
      c - r * 0.35,
      c - r * 0.45,
      r * 0.5,
    );
    shine.addColorStop(0, 'rgba(255, 255, 255, 0.9)');
    shine.addColorStop(1, 'rgba(255, 255, 255, 0)');
    ctx.fillStyle = shine;
    ctx.beginPath();
    ctx.arc(c, c, r, 0, Math.PI * 2);
    ctx.fill();
  }

  if (options.symbol) drawSymbol(ctx, COLOR_SYMBOLS[color], c, r * 0.42);
  return canvas;
}

/** The board's backdrop: a rounded tray with a faint cell pattern. */
export function paintBackground(columns: number, rows: number, cell: number): HTMLCanvasElement {
  const canvas = createCanvas(columns * cell, rows * cell);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  const inset = cell * 0.06;
  const radius = cell * 0.2;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      ctx.fillStyle =
        (x + y) % 2 === 0 ? 'rgba(255, 255, 255, 0.055)' : 'rgba(255, 255, 255, 0.03)';
      ctx.beginPath();
      ctx.roundRect(x * cell + inset, y * cell + inset, cell - inset * 2, cell - inset * 2, radius);
      ctx.fill();
    }
  }
  return canvas;
}
