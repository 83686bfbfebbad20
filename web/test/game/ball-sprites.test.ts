// The drawing rule of a ball with an image (web/src/game/ball-sprites.ts FACE_RULE): its numbers,
// and the order paintBall draws in, read from a recording stand-in for the canvas context (jsdom
// has no canvas; the pixels themselves are read in a browser, e2e/test/ad-ball-colour.test.ts).
import { BALL_RADIUS, coverDisc, FACE_RULE, faceLayout, paintBall } from '@/game/ball-sprites';

type Call = { name: string; args: unknown[]; fillStyle?: unknown };

/** A 2D context that records every call (with the fill style in force) and does nothing. */
function recordingContext() {
  const calls: Call[] = [];
  const state: Record<string | symbol, unknown> = {};
  const gradient = (name: string, args: unknown[]) => {
    const stops: Array<[number, string]> = [];
    return {
      kind: name,
      args,
      stops,
      addColorStop: (at: number, c: string) => stops.push([at, c]),
    };
  };
  const ctx = new Proxy(state, {
    get(target, prop) {
      if (prop in target) return target[prop];
      return (...args: unknown[]) => {
        calls.push({ name: String(prop), args, fillStyle: target.fillStyle });
        if (prop === 'createRadialGradient' || prop === 'createLinearGradient') {
          return gradient(prop, args);
        }
        return undefined;
      };
    },
    set(target, prop, value) {
      target[prop] = value;
      return true;
    },
  });
  return { ctx, calls };
}

const SIZE = 100;
const R = SIZE * BALL_RADIUS;
const IMAGE = { naturalWidth: 300, naturalHeight: 150 } as HTMLImageElement;

function paint(options: Parameters<typeof paintBall>[2]) {
  const { ctx, calls } = recordingContext();
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  paintBall('red', SIZE, options);
  return calls;
}

afterEach(() => jest.restoreAllMocks());

describe('the drawing rule of a ball face', () => {
  it('gives the image at most 36% of the ball and the colour a ring of 40% of its radius', () => {
    const layout = faceLayout(R);
    expect(layout.imageShare).toBeCloseTo(0.36);
    expect(layout.imageShare).toBeLessThanOrEqual(0.36);
    expect(layout.imageRadius).toBeCloseTo(R * 0.6);
    expect(layout.ringWidth).toBeCloseTo(R * 0.4);
  });

  it('scales an image to cover the disc, centred, cropping its longer side', () => {
    expect(coverDisc(300, 150, 50, 50, 10)).toEqual({ x: 30, y: 40, width: 40, height: 20 });
    expect(coverDisc(100, 400, 50, 50, 10)).toEqual({ x: 40, y: 10, width: 20, height: 80 });
    // An image that reports no size is drawn as a square, never with a zero or NaN size.
    expect(coverDisc(0, 0, 50, 50, 10)).toEqual({ x: 40, y: 40, width: 20, height: 20 });
  });

  it('clips the image to its disc and tints it with the colour, deeper towards the ring', () => {
    const calls = paint({ image: IMAGE });
    const clip = calls.findIndex((c) => c.name === 'clip');
    const disc = calls.slice(0, clip).findLast((c) => c.name === 'arc')!;
    expect(disc.args.slice(0, 3)).toEqual([50, 50, R * FACE_RULE.imageRadius]);
    const drawn = calls.findIndex((c) => c.name === 'drawImage');
    expect(drawn).toBeGreaterThan(clip);
    // 300 × 150 on a disc of radius 25.2: 100.8 × 50.4, centred on the ball.
    const [image, ...box] = calls[drawn]!.args as [unknown, ...number[]];
    expect(image).toBe(IMAGE);
    [-0.4, 24.8, 100.8, 50.4].forEach((n, i) => expect(box[i]).toBeCloseTo(n));
    // The tint is the last thing inside the clip: the colour (#FF0000) at 10% over the image's
    // middle, 70% at its rim.
    const tint = calls.findIndex((c) => c.name === 'fillRect');
    expect(tint).toBeGreaterThan(drawn);
    expect(calls.findIndex((c) => c.name === 'restore')).toBeGreaterThan(tint);
    const { stops } = calls[tint]!.fillStyle as { stops: Array<[number, string]> };
    expect(stops).toEqual([
      [0, '#FF00001a'],
      [FACE_RULE.tintFrom, '#FF00001a'],
      [1, '#FF0000b3'],
    ]);
  });

  it('draws the colour-blind symbol over the image and its tint', () => {
    const calls = paint({ image: IMAGE, symbol: true });
    const tint = calls.findIndex((c) => c.name === 'fillRect');
    const lastFill = calls.findLastIndex((c) => c.name === 'fill');
    expect(lastFill).toBeGreaterThan(tint);
    expect(calls[lastFill]!.fillStyle).toBe('rgba(255, 255, 255, 0.95)');
    // Without the setting, nothing is drawn over the face.
    const plain = paint({ image: IMAGE });
    expect(plain.findLastIndex((c) => c.name === 'fill')).toBeLessThan(
      plain.findIndex((c) => c.name === 'drawImage'),
    );
  });

  it('draws a plain ball, without an image, with no tint', () => {
    const calls = paint({});
    expect(calls.some((c) => c.name === 'drawImage' || c.name === 'fillRect')).toBe(false);
  });
});
