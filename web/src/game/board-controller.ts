// The canvas board: draws balls from pre-painted sprites, plays the engine's swap steps as
// timelines, and shows the selection, the keyboard cursor and the hint. It only draws while
// something moves, at the device's frame rate (frame-rate.ts), and sizes its backing store by
// devicePixelRatio so balls stay crisp on high-DPI screens.
import { COLORS, COLOR_HEX, GRID_COLUMNS, GRID_ROWS } from '@ballmatch/engine';
import type { Cell, Color, Grid, Move } from '@ballmatch/engine';
import type { CascadeStep } from '@ballmatch/engine';
import {
  NORMAL_DURATIONS,
  REDUCED_DURATIONS,
  buildCascadeTimeline,
  buildOpeningTimeline,
  buildShakeTimeline,
  buildSwapTimeline,
  copyBoard,
  sampleTimeline,
  type Board,
  type Durations,
  type OpeningPop,
  type Phase,
  type Timeline,
  type TimelineFrame,
} from './animation';
import { BALL_RADIUS, createCanvas, paintBackground, paintBall } from './ball-sprites';
import { FRAME_RATE } from './frame-rate';

export interface BoardOverlay {
  selected: Cell | null;
  /** The keyboard cursor; null hides it (pointer play). */
  cursor: Cell | null;
  hint: Move | null;
}

export interface SwapAnimation {
  from: Cell;
  to: Cell;
  steps: readonly CascadeStep[];
}

interface RunningAnimation {
  timeline: Timeline;
  startedAt: number;
  firedPhases: number;
  onPhase?: (phase: Phase) => void;
  resolve: () => void;
  fallback: ReturnType<typeof setTimeout>;
}

const FRAME_SAMPLES = 240;

export class BoardController {
  private readonly ctx: CanvasRenderingContext2D | null;
  private cssCell = 50;
  private dpr = 1;
  private board: Board | null = null;
  private sprites = new Map<Color, HTMLCanvasElement>();
  private spritesStale = true;
  private background: HTMLCanvasElement | null = null;
  private images = new Map<Color, CanvasImageSource>();
  private symbols = false;
  private overlay: BoardOverlay = { selected: null, cursor: null, hint: null };
  private animation: RunningAnimation | null = null;
  private durations: Durations = NORMAL_DURATIONS;
  private fps: number = FRAME_RATE.full;
  private lastFrameAt = -Infinity;
  private raf = 0;
  private destroyed = false;
  /** Milliseconds each recent frame took to draw (for the benchmark and diagnostics). */
  readonly frameTimes: number[] = [];

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.ctx = BoardController.context(canvas);
  }

  private static context(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
    try {
      return canvas.getContext('2d', { alpha: true });
    } catch {
      return null; // No canvas support (e.g. a test DOM): the game still runs, unseen.
    }
  }

  /** Cell size in CSS pixels and the device pixel ratio; rebuilds the sprites. */
  configure(cssCell: number, dpr: number): void {
    const ratio = Math.max(1, Math.min(3, dpr || 1));
    if (
      cssCell === this.cssCell &&
      ratio === this.dpr &&
      this.canvas.width > 0 &&
      !this.spritesStale &&
      this.sprites.size > 0
    )
      return;
    this.cssCell = cssCell;
    this.dpr = ratio;
    this.canvas.width = Math.round(cssCell * GRID_COLUMNS * ratio);
    this.canvas.height = Math.round(cssCell * GRID_ROWS * ratio);
    this.invalidateSprites();
  }

  setFaces(images: Map<Color, CanvasImageSource>): void {
    this.images = images;
    this.invalidateSprites();
  }

  setSymbols(on: boolean): void {
    if (on === this.symbols) return;
    this.symbols = on;
    this.invalidateSprites();
  }

  /** Sprites are repainted lazily, at the next frame (not in the middle of page start-up). */
  private invalidateSprites(): void {
    this.spritesStale = true;
    this.requestDraw();
  }

  setReducedMotion(reduced: boolean): void {
    this.durations = reduced ? REDUCED_DURATIONS : NORMAL_DURATIONS;
  }

  setFrameRate(fps: number): void {
    this.fps = fps;
  }

  /** Shows a board at rest (stopping any animation where it is). */
  showGrid(grid: Grid | Board | null): void {
    this.finishAnimation();
    this.board = grid ? copyBoard(grid) : null;
    this.requestDraw();
  }

  setOverlay(overlay: Partial<BoardOverlay>): void {
    this.overlay = { ...this.overlay, ...overlay };
    this.requestDraw();
  }

  get isAnimating(): boolean {
    return this.animation !== null;
  }

  /** Plays a valid swap and its whole cascade; `onPhase` hears each phase as it starts. */
  playSwap(before: Grid, move: SwapAnimation, onPhase?: (phase: Phase) => void): Promise<void> {
    return this.play(buildSwapTimeline(before, move, this.durations), onPhase);
  }

  /**
   * The opening of a swap: the swap and the pop of the runs it makes. The board then rests with
   * those cells empty until `playCascade` lets the rest fall.
   */
  playOpening(
    before: Grid,
    move: { from: Cell; to: Cell; pop: OpeningPop },
    onPhase?: (phase: Phase) => void,
  ): Promise<void> {
    return this.play(buildOpeningTimeline(before, move, this.durations), onPhase);
  }

  /** The rest of a cascade, from the board the opening left (its first round's fall onwards). */
  playCascade(
    afterPop: Board,
    steps: readonly CascadeStep[],
    onPhase?: (phase: Phase) => void,
  ): Promise<void> {
    return this.play(buildCascadeTimeline(afterPop, steps, this.durations), onPhase);
  }

  /** The refused-swap shake. */
  shake(grid: Grid, a: Cell, b: Cell): Promise<void> {
    return this.play(buildShakeTimeline(grid, a, b, this.durations));
  }

  private play(timeline: Timeline, onPhase?: (phase: Phase) => void): Promise<void> {
    this.finishAnimation();
    if (!this.ctx || this.destroyed) {
      for (const phase of timeline.phases) onPhase?.(phase);
      this.board = timeline.final;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.animation = {
        timeline,
        startedAt: performance.now(),
        firedPhases: 0,
        onPhase,
        resolve,
        // Browsers pause animation frames in background tabs: finish on a timer regardless.
        fallback: setTimeout(() => this.finishAnimation(), timeline.total + 250),
      };
      this.firePhases(0);
      this.requestDraw();
    });
  }

  private firePhases(elapsed: number): void {
    const anim = this.animation;
    if (!anim) return;
    const { phases } = anim.timeline;
    while (anim.firedPhases < phases.length && phases[anim.firedPhases].start <= elapsed) {
      const phase = phases[anim.firedPhases++];
      try {
        anim.onPhase?.(phase);
      } catch (error) {
        console.error('[board] phase callback failed', error);
      }
    }
  }

  private finishAnimation(): void {
    const anim = this.animation;
    if (!anim) return;
    this.firePhases(Infinity);
    clearTimeout(anim.fallback);
    this.animation = null;
    this.board = anim.timeline.final;
    anim.resolve();
    this.requestDraw();
  }

  /** Schedules a frame (coalesced; throttled to the frame rate while animating). */
  requestDraw(): void {
    if (!this.ctx || this.destroyed || this.raf) return;
    this.raf = requestAnimationFrame(this.tick);
  }

  private readonly tick = (now: number) => {
    this.raf = 0;
    if (this.destroyed) return;
    const moving = this.animation !== null || this.overlay.hint !== null;
    const interval = 1000 / this.fps;
    // Keep to the frame rate: a frame that comes too early is skipped (a 2 ms slack stops a
    // 60 Hz screen from dropping to 30 fps through jitter).
    if (moving && now - this.lastFrameAt < interval - 2) {
      this.raf = requestAnimationFrame(this.tick);
      return;
    }
    this.lastFrameAt = now;
    this.drawFrame(now);
    if (this.animation && now - this.animation.startedAt >= this.animation.timeline.total) {
      this.finishAnimation();
    }
    if (this.animation !== null || this.overlay.hint !== null) {
      this.raf = requestAnimationFrame(this.tick);
    }
  };

  /** Draws one frame for time `now` (performance.now clock); returns how long it took. */
  drawFrame(now: number): number {
    const ctx = this.ctx;
    if (!ctx) return 0;
    if (this.spritesStale) this.rebuildSprites();
    const started = performance.now();
    const frame = this.frameAt(now);
    const cell = this.cssCell * this.dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (this.background) ctx.drawImage(this.background, 0, 0);

    if (frame) {
      // Clip to the board so balls falling in from above appear from its top edge.
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, 0, this.canvas.width, this.canvas.height);
      ctx.clip();
      for (const burst of frame.bursts)
        this.drawBurst(ctx, burst.color, burst.x, burst.y, burst.progress, cell);
      for (const ball of frame.balls) {
        const sprite = this.sprites.get(ball.color);
        if (!sprite || ball.scale <= 0 || ball.alpha <= 0) continue;
        const size = cell * ball.scale;
        const x = ball.x * cell + (cell - size) / 2;
        const y = ball.y * cell + (cell - size) / 2;
        ctx.globalAlpha = ball.alpha;
        if (ball.scale === 1) ctx.drawImage(sprite, Math.round(x), Math.round(y));
        else ctx.drawImage(sprite, x, y, size, size);
      }
      ctx.globalAlpha = 1;
      ctx.restore();
      for (const cellPos of frame.invalid) this.ring(ctx, cellPos, '#ff4d6d', cell, 0.06);
      for (const popup of frame.popups)
        this.drawPopup(ctx, popup.text, popup.x, popup.y, popup.progress, cell);
    }

    if (!this.animation) {
      const { selected, hint, cursor } = this.overlay;
      if (hint) {
        const pulse = 0.45 + 0.4 * Math.sin(now / 180);
        this.ring(ctx, hint.from, `rgba(255, 215, 0, ${pulse.toFixed(3)})`, cell, 0.05);
        this.ring(ctx, hint.to, `rgba(255, 215, 0, ${pulse.toFixed(3)})`, cell, 0.05);
      }
      if (selected) this.ring(ctx, selected, '#ffffff', cell, 0.06);
      if (cursor) this.cursorBox(ctx, cursor, cell);
    }
    const took = performance.now() - started;
    this.frameTimes.push(took);
    if (this.frameTimes.length > FRAME_SAMPLES) this.frameTimes.shift();
    return took;
  }

  private frameAt(now: number): TimelineFrame | null {
    if (this.animation) {
      const elapsed = now - this.animation.startedAt;
      this.firePhases(elapsed);
      return sampleTimeline(this.animation.timeline, Math.max(0, elapsed));
    }
    if (!this.board) return null;
    const balls = [];
    for (let y = 0; y < this.board.length; y++) {
      for (let x = 0; x < this.board[y].length; x++) {
        const color = this.board[y][x];
        if (color) balls.push({ color, x, y, scale: 1, alpha: 1 });
      }
    }
    return { balls, bursts: [], popups: [], invalid: [], phase: null, done: true };
  }

  private ring(
    ctx: CanvasRenderingContext2D,
    at: Cell,
    color: string,
    cell: number,
    width: number,
  ) {
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(2, cell * width);
    ctx.beginPath();
    // Inside the cell, so a ring on the board's edge is never cut off.
    ctx.arc((at.x + 0.5) * cell, (at.y + 0.5) * cell, cell * (BALL_RADIUS + 0.03), 0, Math.PI * 2);
    ctx.stroke();
  }

  private cursorBox(ctx: CanvasRenderingContext2D, at: Cell, cell: number) {
    const inset = cell * 0.04;
    ctx.save();
    ctx.strokeStyle = '#ffd700';
    ctx.lineWidth = Math.max(2, cell * 0.06);
    ctx.setLineDash([cell * 0.16, cell * 0.1]);
    ctx.beginPath();
    ctx.roundRect(
      at.x * cell + inset,
      at.y * cell + inset,
      cell - inset * 2,
      cell - inset * 2,
      cell * 0.18,
    );
    ctx.stroke();
    ctx.restore();
  }

  private drawBurst(
    ctx: CanvasRenderingContext2D,
    color: Color,
    x: number,
    y: number,
    p: number,
    cell: number,
  ) {
    ctx.globalAlpha = Math.max(0, 0.6 * (1 - p));
    ctx.strokeStyle = COLOR_HEX[color];
    ctx.lineWidth = Math.max(1.5, cell * 0.06 * (1 - p));
    ctx.beginPath();
    ctx.arc((x + 0.5) * cell, (y + 0.5) * cell, cell * (0.3 + 0.45 * p), 0, Math.PI * 2);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  private drawPopup(
    ctx: CanvasRenderingContext2D,
    text: string,
    x: number,
    y: number,
    p: number,
    cell: number,
  ) {
    ctx.globalAlpha = p < 0.7 ? 1 : Math.max(0, 1 - (p - 0.7) / 0.3);
    ctx.font = `900 ${Math.round(cell * 0.42)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const px = (x + 0.5) * cell;
    const py = (y + 0.5 - 0.5 * p) * cell;
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.strokeStyle = 'rgba(20, 8, 50, 0.9)';
    ctx.strokeText(text, px, py);
    ctx.fillStyle = '#fff6b0';
    ctx.fillText(text, px, py);
    ctx.globalAlpha = 1;
  }

  private rebuildSprites(): void {
    this.spritesStale = false;
    if (!this.ctx) return;
    const size = Math.round(this.cssCell * this.dpr);
    this.sprites = new Map(
      COLORS.map((color) => [
        color,
        paintBall(color, size, { image: this.images.get(color) ?? null, symbol: this.symbols }),
      ]),
    );
    this.background = paintBackground(GRID_COLUMNS, GRID_ROWS, size);
  }

  destroy(): void {
    this.finishAnimation();
    this.destroyed = true;
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
  }
}

/** For the benchmark: a canvas-backed controller detached from the page. */
export function createOffscreenBoard(cssCell: number, dpr: number): BoardController {
  const controller = new BoardController(createCanvas(cssCell * GRID_COLUMNS, cssCell * GRID_ROWS));
  controller.configure(cssCell, dpr);
  return controller;
}
