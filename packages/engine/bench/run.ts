// The engine benchmark: times the operations the issue budgets, prints the figures and writes
// them, with the command and the machine, into docs/benchmarks.md's engine section.
// Run: npm run bench -w packages/engine
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGame, decodeGameLog, findMoves, replay, swap } from '../src';
import type { Cell, GameLog, GameState } from '../src';
import { generateBoard } from '../src/grid';
import { Sfc32, seedRng } from '../src/random';
import type { RngState } from '../src/random';
import { play } from '../src/bots';
import { describeMachine, findRepoRoot, writeSection } from './report';
import { stableFigures } from './stable-run';

interface Figures {
  name: string;
  budget: string;
  withinBudget: boolean | null;
  samples: number;
  median: number;
  p90: number;
  p99: number;
  mean: number;
}

/** Nanoseconds of one call, per sample; each sample times a single call. */
function sample(count: number, call: (i: number) => unknown): Float64Array {
  const times = new Float64Array(count);
  let sink = 0;
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    const result = call(i);
    times[i] = Number(process.hrtime.bigint() - start);
    if (result) sink++;
  }
  if (sink < 0) console.log(sink); // keeps the calls observable
  return times;
}

function summarise(times: Float64Array): Omit<Figures, 'name' | 'budget' | 'withinBudget'> {
  const sorted = Float64Array.from(times).sort();
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    samples: sorted.length,
    median: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    mean: sorted.reduce((sum, t) => sum + t, 0) / sorted.length,
  };
}

/** Warms the JIT up, then samples. */
function measure(
  name: string,
  budget: string,
  count: number,
  call: (i: number) => unknown,
  check: ((f: Omit<Figures, 'name' | 'budget' | 'withinBudget'>) => boolean) | null,
): Figures {
  sample(Math.min(count, 20_000), call);
  const figures = summarise(sample(count, call));
  return { name, budget, withinBudget: check ? check(figures) : null, ...figures };
}

function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${Math.round(ns)} ns`;
}

/** Positions from real games with a valid move each, so swaps cascade as they do in play. */
function swapPositions(count: number): { state: GameState; from: Cell; to: Cell }[] {
  const positions: { state: GameState; from: Cell; to: Cell }[] = [];
  for (let game = 0; positions.length < count; game++) {
    const { states } = play(createGame(`bench-swap-${game}`), {
      choose: (_state, moves) => (game * 7 + moves.length) % moves.length,
    });
    for (const state of states) {
      if (state.status !== 'active') continue;
      const moves = findMoves(state);
      if (moves.length === 0) continue;
      const { from, to } = moves[positions.length % moves.length];
      positions.push({ state, from, to });
    }
  }
  return positions.slice(0, count);
}

async function main(): Promise<void> {
  // --quick: a few seconds, to check the benchmark works; prints, writes nothing.
  const quick = process.argv.includes('--quick');
  const samples = (count: number): number => (quick ? Math.ceil(count / 50) : count);
  const root = findRepoRoot(__dirname);
  const fixture = JSON.parse(
    readFileSync(join(root, 'packages/engine/bench/fixtures/long-game.json'), 'utf8'),
  ) as { seed: string; moves: number; log: unknown };
  const decoded = decodeGameLog(fixture.log);
  if (!decoded.ok) throw new Error(decoded.error);
  const longLog: GameLog = decoded.log;
  const fixtureText = JSON.stringify(fixture.log);

  const positions = swapPositions(5_000);
  const rngStates: RngState[] = Array.from({ length: 4_096 }, (_, i) => seedRng(`grid-${i}`));
  const seeds = Array.from({ length: 4_096 }, (_, i) => `bench-seed-${i}`);
  const under =
    (key: 'median' | 'p99', ns: number) => (f: Omit<Figures, 'name' | 'budget' | 'withinBudget'>) =>
      f[key] <= ns;

  const results: Figures[] = [
    measure(
      'swap() with its full cascade (5,000 positions from real games)',
      'median ≤ 10 µs, p99 ≤ 50 µs',
      samples(300_000),
      (i) => {
        const p = positions[i % positions.length];
        return swap(p.state, p.from, p.to).ok;
      },
      (f) => f.median <= 10_000 && f.p99 <= 50_000,
    ),
    measure(
      'new grid (no run, ≥ 1 move) from an RNG state',
      'median ≤ 10 µs',
      samples(300_000),
      (i) => generateBoard(new Sfc32(rngStates[i % rngStates.length])).length,
      under('median', 10_000),
    ),
    measure(
      'createGame(seed): seed hash, new grid, level 1',
      'median ≤ 10 µs',
      samples(300_000),
      (i) => createGame(seeds[i % seeds.length]).score === 0,
      under('median', 10_000),
    ),
    measure(
      'findMoves() on a full grid',
      'median ≤ 5 µs',
      samples(300_000),
      (i) => findMoves(positions[i % positions.length].state).length,
      under('median', 5_000),
    ),
    measure(
      `replay() of a ${fixture.moves}-move game (${longLog.length} log entries)`,
      'median ≤ 2 ms',
      samples(3_000),
      () => replay(fixture.seed, longLog).ok,
      under('median', 2_000_000),
    ),
    measure(
      `parse + decode its wire log (${Buffer.byteLength(fixtureText)} bytes of JSON)`,
      'none',
      samples(20_000),
      () => decodeGameLog(JSON.parse(fixtureText)).ok,
      null,
    ),
  ];

  const stable = stableFigures(
    { seed: fixture.seed, moves: fixture.moves, log: longLog },
    quick ? { games: 200, rounds: 6, passes: 1 } : { games: 2_000, rounds: 30, passes: 2 },
    (line) => console.log(`  ${line}`),
  );

  const replayMedian = results[4].median;
  const machine = describeMachine();
  const table = [
    '| Operation | Budget | Median | p90 | p99 | Mean | Samples | Within budget |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.budget} | ${formatNs(r.median)} | ${formatNs(r.p90)} | ` +
        `${formatNs(r.p99)} | ${formatNs(r.mean)} | ${r.samples.toLocaleString('en-GB')} | ` +
        `${r.withinBudget === null ? '-' : r.withinBudget ? 'yes' : 'NO'} |`,
    ),
  ];
  const body = [
    `Command: \`npm run bench -w packages/engine\` (compiles with tsc, then runs \`node dist/bench/bench/run.js\`).`,
    `Run: ${new Date().toISOString().slice(0, 10)} on ${machine}.`,
    '',
    ...table,
    '',
    `One core replays about ${Math.floor(1e9 / replayMedian).toLocaleString('en-GB')} such games a second (1 / median replay time).`,
    '',
    'Each sample times one call with `process.hrtime.bigint()` after a warm-up, so the figures',
    'include the timer (tens of ns) and any garbage collection that fell inside a call. Swap',
    'positions come from scripted games, one valid move each, so cascades happen as often as in',
    'play. The 300-move game is `bench/fixtures/long-game.json`, found by `npm run bench:fixture`',
    '(a beam search: random or greedy play ends by level 5, about 50 moves).',
    '',
    '### Stable figures: ratios to a reference workload, and CPU per action',
    '',
    'The table above is wall time on a shared machine: it moves by a third from run to run with',
    'the other work here. These figures do not. Each workload runs in blocks of about 20 ms of',
    'CPU, interleaved with blocks of a fixed pure-JS reference computation',
    '(`bench/reference-workload.ts`, never changed), and each block of the engine is divided by the',
    'mean of the two reference blocks around it: the ratio is how many reference units one unit',
    'of the workload costs (lower is faster), the median over the rounds with its interquartile',
    'range. Time is CPU time of the process (`process.cpuUsage`, user + system), so being',
    'descheduled by other processes does not count. "Before" is the engine as it was before',
    'issue 14 (`bench/engine-before`, a verbatim copy of `src` at e70c81f), run in the same',
    "process and the same rounds as today's, so before/after comes from one run; the speed-up",
    'is the median of before / after within each round.',
    '',
    ...stable,
    '',
    'CPU per action: every typical game run through the engine, in chunks of 100 games alternating',
    'between the two engines, twice over, with `process.cpuUsage` around each chunk, divided by',
    'the number of actions (swaps, resets, extra moves). "Live" is what the sessions service does',
    'for a ranked game, one action per request: the game created from its seed, then each action',
    'on the previous state, with the animation steps the client gets; "replay" is what the',
    'scores service does once per submitted game.',
  ].join('\n');
  if (quick) {
    console.log(`\n${stable.join('\n')}\n\n--quick: docs/benchmarks.md left as it is.`);
    return;
  }

  console.log(`BallMatch engine benchmark on ${machine}\n`);
  console.log(table.join('\n'));
  const file = await writeSection(root, '## Engine (packages/engine)', body);
  console.log(`\nWritten to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
