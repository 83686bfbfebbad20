// The board drawing benchmark, run in Chromium by web/scripts/bench-board.mjs (never part of
// the app). It times BoardController.drawFrame on a board at rest and through whole animated
// moves (swap, pops, falls) of real games, at the page's devicePixelRatio.
import { createGame, findMoves, swap, type GameState } from '@ballmatch/engine';
import { BoardController } from '../board-controller';
import { createCanvas } from '../ball-sprites';

export interface Stats {
  samples: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    samples: sorted.length,
    median: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

/**
 * `flush` reads one pixel back after each frame, which makes the browser rasterise the
 * recorded drawing there and then: the frame's whole cost, not just the recording of it.
 */
export async function runBoardBenchmark(cell = 65, flush = false): Promise<Record<string, Stats>> {
  const dpr = window.devicePixelRatio || 1;
  const canvas = createCanvas(cell * 6 * dpr, cell * 8 * dpr);
  canvas.style.width = `${cell * 6}px`;
  document.body.append(canvas);
  const board = new BoardController(canvas);
  const readback = canvas.getContext('2d');
  const draw = (now: number) => {
    const started = performance.now();
    board.drawFrame(now);
    if (flush) readback?.getImageData(0, 0, 1, 1);
    return performance.now() - started;
  };
  board.configure(cell, dpr);
  board.setFrameRate(1000); // never throttled: we call drawFrame ourselves

  // Warm-up: sprites, JIT.
  let state: GameState = createGame('bench-seed');
  board.showGrid(state.grid);
  for (let i = 0; i < 200; i++) draw(performance.now());

  const rest: number[] = [];
  for (let i = 0; i < 1000; i++) rest.push(draw(performance.now()));

  const moving: number[] = [];
  const frameMs = 1000 / 60;
  for (let move = 0, seed = 0; move < 60; move++) {
    let moves = findMoves(state);
    if (state.status !== 'active' || moves.length === 0) {
      state = createGame(`bench-${++seed}`);
      moves = findMoves(state);
    }
    const pick = moves[move % moves.length];
    const result = swap(state, pick.from, pick.to);
    if (!result.ok) continue;
    const done = board.playSwap(state.grid, result);
    const start = performance.now();
    const total = 200 + result.steps.length * 1050;
    for (let t = 0; t <= total; t += frameMs) moving.push(draw(start + t));
    board.showGrid(result.state.grid);
    await done;
    state = result.state;
  }

  board.setOverlay({
    selected: { x: 2, y: 3 },
    cursor: { x: 3, y: 3 },
    hint: findMoves(state)[0] ?? null,
  });
  const overlays: number[] = [];
  for (let i = 0; i < 500; i++) overlays.push(draw(performance.now()));
  board.destroy();
  return { rest: stats(rest), moving: stats(moving), overlays: stats(overlays) };
}

(window as unknown as { runBoardBenchmark: typeof runBoardBenchmark }).runBoardBenchmark =
  runBoardBenchmark;
