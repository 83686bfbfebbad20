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
 * How an image (an advertiser's or a custom icon) is drawn on a ball, so that the ball's colour
 * still reads at a glance whatever the image is (docs/product.md 'Ball faces' gives the reasons
 * for the numbers). The board and the buy page's preview both draw faces through paintBall.
 */
export const FACE_RULE = {
  /** The image's disc, as a share of the ball's radius: at most 0.6² = 36% of the ball's area. */
  imageRadius: 0.6,
  /** The colour laid over the image: its opacity at the image's centre… */
  tintCentre: 0.1,
  /** …deepening from this share of the image's radius… */
  tintFrom: 0.45,
  /** …to this at the image's rim, where it meets the ring. */
  tintRim: 0.7,
} as const;

/** The image's disc on a ball of radius `ballRadius`, and the ring of the ball's colour around it. */
export function faceLayout(ballRadius: number): {
  imageRadius: number;
  ringWidth: number;
  /** Share of the ball's area the image may cover. */
  imageShare: number;
} {
  const imageRadius = ballRadius * FACE_RULE.imageRadius;
  return {
    imageRadius,
    ringWidth: ballRadius - imageRadius,
    imageShare: FACE_RULE.imageRadius ** 2,
  };
}

/**
 * Where an image of `width` × `height` is drawn to cover a disc of `radius` around (`cx`, `cy`):
 * scaled to fill it, centred, its sides cropped by the disc.
 */
export function coverDisc(
  width: number,
  height: number,
  cx: number,
  cy: number,
  radius: number,
): { x: number; y: number; width: number; height: number } {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const scale = (radius * 2) / Math.min(w, h);
  return { x: cx - (w * scale) / 2, y: cy - (h * scale) / 2, width: w * scale, height: h * scale };
}

/** `hex` (#rrggbb) at `opacity` (0–1), as #rrggbbaa. */
function withOpacity(hex: string, opacity: number): string {
  const alpha = Math.round(Math.min(1, Math.max(0, opacity)) * 255);
  return `${hex}${alpha.toString(16).padStart(2, '0')}`;
}

/**
 * One ball sprite, `size` device pixels square. With an image (FACE_RULE), the ball keeps its
 * colour: the image is clipped to a disc of at most 36% of its area, inside a thick ring of the
 * colour, under a tint of the colour that deepens towards the ring; the colour-blind symbol, when
 * on, is drawn over it all. The colour alone decides matches.
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
    const { imageRadius: inner } = faceLayout(r);
    ctx.save();
    ctx.beginPath();
    ctx.arc(c, c, inner, 0, Math.PI * 2);
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.clip();
    const source = options.image as HTMLImageElement;
    const at = coverDisc(
      source.naturalWidth || source.width,
      source.naturalHeight || source.height,
      c,
      c,
      inner,
    );
    ctx.drawImage(options.image, at.x, at.y, at.width, at.height);
    const tint = ctx.createRadialGradient(c, c, 0, c, c, inner);
    tint.addColorStop(0, withOpacity(base, FACE_RULE.tintCentre));
    tint.addColorStop(FACE_RULE.tintFrom, withOpacity(base, FACE_RULE.tintCentre));
    tint.addColorStop(1, withOpacity(base, FACE_RULE.tintRim));
    ctx.fillStyle = tint;
    ctx.fillRect(c - inner, c - inner, inner * 2, inner * 2);
    ctx.restore();
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
