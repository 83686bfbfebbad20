// Animation timelines built from the engine's own account of a move: the swap in 10 steps over
// 200 ms, then for every cascade round a 350 ms pop and a 700 ms fall-and-fill. A move plays in
// two parts: the opening (the swap and the pop of the runs it makes, which the board already
// shows) while the server is asked, then the rest of the cascade from its answer. Balls only
// ever move the way the engine says they moved.
import {
  ANIMATION,
  GRID_COLUMNS,
  REDUCED_ANIMATION,
  type Cell,
  type Color,
  type Grid,
} from '@ballmatch/engine';
import type { CascadeStep } from '@ballmatch/engine';

export interface Durations {
  swapMs: number;
  swapSteps: number;
  popMs: number;
  fallMs: number;
  shakeMs: number;
  /** How far (in cells) an invalid swap shakes the two balls; 0 keeps them still. */
  shakeAmplitude: number;
}

// The engine's durations: the server's timing rule counts on them (its answerDisplay).
export const NORMAL_DURATIONS: Durations = { ...ANIMATION, shakeMs: 320, shakeAmplitude: 0.12 };
/** prefers-reduced-motion: the same sequence, much shorter, and no shaking. */
export const REDUCED_DURATIONS: Durations = {
  ...REDUCED_ANIMATION,
  shakeMs: 240,
  shakeAmplitude: 0,
};

/** A board being animated: a cell can be empty between a pop and the fall that fills it. */
export type Board = Array<Array<Color | null>>;

/** One ball as drawn: x and y in cells (fractions while moving), 0,0 the top-left cell. */
export interface SpriteBall {
  color: Color;
  x: number;
  y: number;
  scale: number;
  alpha: number;
}

export interface Burst {
  color: Color;
  x: number;
  y: number;
  /** 0 → 1 over the pop. */
  progress: number;
}

export interface ScorePopup {
  text: string;
  x: number;
  y: number;
  progress: number;
}

interface PhaseBase {
  start: number;
  duration: number;
  board: Board;
}
interface SwapPhase extends PhaseBase {
  kind: 'swap';
  a: Cell;
  b: Cell;
  steps: number;
}
interface PopPhase extends PhaseBase {
  kind: 'pop';
  step: number;
  removed: ReadonlySet<number>;
  popups: Array<{ x: number; y: number; points: number }>;
}
interface FallPhase extends PhaseBase {
  kind: 'fall';
  step: number;
  moving: Array<{ color: Color; x: number; fromY: number; toY: number }>;
}
interface ShakePhase extends PhaseBase {
  kind: 'shake';
  a: Cell;
  b: Cell;
  amplitude: number;
}
export type Phase = SwapPhase | PopPhase | FallPhase | ShakePhase;

export interface Timeline {
  phases: Phase[];
  total: number;
  /** The board once everything has moved. */
  final: Board;
}

export interface TimelineFrame {
  balls: SpriteBall[];
  bursts: Burst[];
  popups: ScorePopup[];
  /** Cells drawn with the invalid-swap marker. */
  invalid: Cell[];
  phase: Phase | null;
  done: boolean;
}

const index = (cell: Cell) => cell.y * GRID_COLUMNS + cell.x;

export function copyBoard(board: Board | Grid): Board {
  return board.map((row) => [...row]);
}

/** What a swap pops at once: the runs it makes on the board as it stands (the cascade's first round). */
export type OpeningPop = Pick<CascadeStep, 'cleared' | 'removed'>;

function popPhase(
  board: Board,
  step: OpeningPop,
  stepIndex: number,
  start: number,
  durations: Durations,
): PopPhase {
  return {
    kind: 'pop',
    step: stepIndex,
    start,
    duration: durations.popMs,
    board,
    removed: new Set(step.removed.map(index)),
    popups: step.cleared.map((run) => ({
      x: run.cells.reduce((sum, c) => sum + c.x, 0) / run.cells.length,
      y: run.cells.reduce((sum, c) => sum + c.y, 0) / run.cells.length,
      points: run.points,
    })),
  };
}

/** The board once a swap's first runs have popped: their cells are empty. */
export function boardAfterPop(before: Grid, from: Cell, to: Cell, removed: readonly Cell[]): Board {
  const board = copyBoard(before);
  [board[from.y][from.x], board[to.y][to.x]] = [board[to.y][to.x], board[from.y][from.x]];
  for (const cell of removed) board[cell.y][cell.x] = null;
  return board;
}

/**
 * The part of a valid swap the board already shows: the swap (200 ms) and the pop of the runs
 * it makes (350 ms). It ends on the board with those cells empty, waiting for what falls.
 */
export function buildOpeningTimeline(
  before: Grid,
  move: { from: Cell; to: Cell; pop: OpeningPop },
  durations: Durations,
): Timeline {
  const { from, to } = move;
  const swapped = copyBoard(before);
  [swapped[from.y][from.x], swapped[to.y][to.x]] = [swapped[to.y][to.x], swapped[from.y][from.x]];
  return {
    phases: [
      {
        kind: 'swap',
        start: 0,
        duration: durations.swapMs,
        board: copyBoard(before),
        a: from,
        b: to,
        steps: durations.swapSteps,
      },
      popPhase(swapped, move.pop, 0, durations.swapMs, durations),
    ],
    total: durations.swapMs + durations.popMs,
    final: boardAfterPop(before, from, to, move.pop.removed),
  };
}

/**
 * The rest of the cascade, from the board left by the first pop: the first round's fall and
 * fill (700 ms), then for every further round a pop and a fall.
 */
export function buildCascadeTimeline(
  afterPop: Board,
  steps: readonly CascadeStep[],
  durations: Durations,
): Timeline {
  const phases: Phase[] = [];
  let time = 0;
  let board = copyBoard(afterPop);
  steps.forEach((step, stepIndex) => {
    if (stepIndex > 0) {
      phases.push(popPhase(board, step, stepIndex, time, durations));
      time += durations.popMs;
      board = copyBoard(board);
      for (const cell of step.removed) board[cell.y][cell.x] = null;
    }
    const still = copyBoard(board);
    for (const fall of step.falls) still[fall.from.y][fall.from.x] = null;
    phases.push({
      kind: 'fall',
      step: stepIndex,
      start: time,
      duration: durations.fallMs,
      board: still,
      moving: [
        ...step.falls.map((f) => ({ color: f.color, x: f.from.x, fromY: f.from.y, toY: f.to.y })),
        ...step.spawned.map((s) => ({ color: s.color, x: s.x, fromY: s.fromY, toY: s.y })),
      ],
    });
    time += durations.fallMs;
    board = copyBoard(still);
    for (const fall of step.falls) board[fall.to.y][fall.to.x] = fall.color;
    for (const spawn of step.spawned) board[spawn.y][spawn.x] = spawn.color;
  });
  return { phases, total: time, final: board };
}

/** The timeline of a valid swap and its whole cascade: the opening, then the rest. */
export function buildSwapTimeline(
  before: Grid,
  move: { from: Cell; to: Cell; steps: readonly CascadeStep[] },
  durations: Durations,
): Timeline {
  const opening = buildOpeningTimeline(
    before,
    { from: move.from, to: move.to, pop: move.steps[0] ?? { cleared: [], removed: [] } },
    durations,
  );
  const rest = buildCascadeTimeline(opening.final, move.steps, durations);
  return {
    phases: [
      ...opening.phases,
      ...rest.phases.map((phase) => ({ ...phase, start: phase.start + opening.total })),
    ],
    total: opening.total + rest.total,
    final: rest.final,
  };
}

/** The timeline of a refused swap: the two balls shake (or, with reduced motion, flash). */
export function buildShakeTimeline(grid: Grid, a: Cell, b: Cell, durations: Durations): Timeline {
  const board = copyBoard(grid);
  return {
    phases: [
      {
        kind: 'shake',
        start: 0,
        duration: durations.shakeMs,
        board,
        a,
        b,
        amplitude: durations.shakeAmplitude,
      },
    ],
    total: durations.shakeMs,
    final: board,
  };
}

function still(board: Board, skip?: (x: number, y: number) => boolean): SpriteBall[] {
  const balls: SpriteBall[] = [];
  for (let y = 0; y < board.length; y++) {
    const row = board[y];
    for (let x = 0; x < row.length; x++) {
      const color = row[x];
      if (color && !skip?.(x, y)) balls.push({ color, x, y, scale: 1, alpha: 1 });
    }
  }
  return balls;
}

/** Falling feels like gravity: accelerate, land, and settle with a small bounce. */
export function fallEase(p: number): number {
  if (p >= 1) return 1;
  if (p < 0.82) return (p / 0.82) ** 2;
  return 1 - Math.sin(((p - 0.82) / 0.18) * Math.PI) * 0.07;
}

export function popScale(p: number): number {
  return p < 0.3 ? 1 + 0.22 * (p / 0.3) : 1.22 * (1 - (p - 0.3) / 0.7);
}

/** The whole picture `t` ms into the timeline. */
export function sampleTimeline(timeline: Timeline, t: number): TimelineFrame {
  const empty = { bursts: [], popups: [], invalid: [] };
  if (t >= timeline.total) {
    return { balls: still(timeline.final), ...empty, phase: null, done: true };
  }
  const phase =
    timeline.phases.find((p) => t < p.start + p.duration) ??
    timeline.phases[timeline.phases.length - 1];
  const p = phase.duration > 0 ? Math.max(0, Math.min(1, (t - phase.start) / phase.duration)) : 1;

  switch (phase.kind) {
    case 'swap': {
      // 200 ms in 10 steps, so the balls move in ten even jumps.
      const q = Math.floor(p * phase.steps) / phase.steps;
      const { a, b } = phase;
      const balls = still(
        phase.board,
        (x, y) => (x === a.x && y === a.y) || (x === b.x && y === b.y),
      );
      // Each ball moves from its cell towards the other's: a's first, then b's.
      for (const [from, to] of [
        [a, b],
        [b, a],
      ]) {
        const color = phase.board[from.y][from.x];
        if (color) {
          const x = from.x + (to.x - from.x) * q;
          balls.push({ color, x, y: from.y + (to.y - from.y) * q, scale: 1, alpha: 1 });
        }
      }
      return { balls, ...empty, phase, done: false };
    }
    case 'pop': {
      const balls = still(phase.board, (x, y) => phase.removed.has(y * GRID_COLUMNS + x));
      const bursts: Burst[] = [];
      for (const i of phase.removed) {
        const x = i % GRID_COLUMNS;
        const y = Math.floor(i / GRID_COLUMNS);
        const color = phase.board[y][x];
        if (!color) continue;
        balls.push({
          color,
          x,
          y,
          scale: Math.max(0, popScale(p)),
          alpha: Math.max(0, 1 - Math.max(0, p - 0.3) / 0.7),
        });
        bursts.push({ color, x, y, progress: p });
      }
      const popups = phase.popups.map((pop) => ({
        text: `+${pop.points}`,
        x: pop.x,
        y: pop.y,
        progress: p,
      }));
      return { balls, bursts, popups, invalid: [], phase, done: false };
    }
    case 'fall': {
      const balls = still(phase.board);
      const eased = fallEase(p);
      for (const m of phase.moving) {
        balls.push({
          color: m.color,
          x: m.x,
          y: m.fromY + (m.toY - m.fromY) * eased,
          scale: 1,
          alpha: 1,
        });
      }
      return { balls, ...empty, phase, done: false };
    }
    case 'shake': {
      const { a, b } = phase;
      const offset = Math.sin(p * Math.PI * 6) * phase.amplitude * (1 - p);
      const dx = Math.sign(b.x - a.x);
      const dy = Math.sign(b.y - a.y);
      const balls = still(phase.board).map((ball) => {
        if (ball.x === a.x && ball.y === a.y)
          return { ...ball, x: ball.x + dx * offset, y: ball.y + dy * offset };
        if (ball.x === b.x && ball.y === b.y)
          return { ...ball, x: ball.x - dx * offset, y: ball.y - dy * offset };
        return ball;
      });
      return { balls, bursts: [], popups: [], invalid: [a, b], phase, done: false };
    }
  }
}
