// The stable part of the engine benchmark (bench/stable.ts): sets up the workloads (typical games
// played by the greedy bot, about 50 actions; the 300-move fixture), runs today's engine, and
// returns the figures as Markdown for docs/benchmarks.md beside those the engine before the
// speed-up gave on the same workloads (bench/fixtures/engine-before-figures.json).
import { createGame, grantExtraMoves, gridCells, replay, resetGrid, swap } from '../src';
import type { Cell, GameLog, GameState } from '../src';
import { greedy, play } from '../src/bots';
import { checksum, measureCpuPerAction, measureRatios, playLog } from './stable';
import type {
  CpuFigures,
  EngineUnderTest,
  PlayedLog,
  RatioFigures,
  Spread,
  Workload,
} from './stable';

/**
 * Today's engine. The sessions service's view is the swap's own hasMoves and gridCells; with
 * the engine before it was findMoves() and grid.flat(), as the service used that engine.
 */
const ENGINE: EngineUnderTest = {
  createGame,
  swap,
  resetGrid,
  grantExtraMoves,
  replay,
  sessionsAction(state, from, to) {
    const result = swap(state, from, to);
    if (!result.ok) return false;
    const view = { grid: gridCells(result.state.grid), hasMoves: result.hasMoves };
    return view.grid.length > 0 && view.hasMoves !== undefined;
  },
};

export interface StableOptions {
  /** Typical games for the CPU-per-action figures. */
  games: number;
  /** Interleaved rounds per ratio workload. */
  rounds: number;
  /** Passes over all the games per engine for the CPU figures. */
  passes: number;
}

/**
 * Greedy play: the target colour first, then points; about 50 actions a game, as people play.
 * The action's positions: one swap from each of the first POSITIONS games, at every stage of a
 * game. Few enough to stay in the CPU's caches, as a state the sessions service has just read
 * is: with thousands, the figure followed the cache pressure of other processes from run to
 * run (the same code measured 2.37 and 2.82 reference units in two runs).
 */
function typicalGames(count: number): { games: PlayedLog[]; positions: Position[] } {
  const games: PlayedLog[] = [];
  const positions: Position[] = [];
  for (let i = 0; i < count; i++) {
    const seed = `typical-${i}`;
    const initial = createGame(seed);
    const { log, states } = play(initial, { choose: greedy });
    games.push({ seed, log });
    const swaps = log.flatMap((entry, k) => (entry.type === 'swap' ? [{ entry, k }] : []));
    if (positions.length < POSITIONS && swaps.length > 0) {
      const { entry, k } = swaps[(i * 7) % swaps.length];
      if (entry.type === 'swap') {
        positions.push({
          state: k === 0 ? initial : states[k - 1],
          from: entry.from,
          to: entry.to,
        });
      }
    }
  }
  return { games, positions };
}

const POSITIONS = 500;

interface Position {
  state: GameState;
  from: Cell;
  to: Cell;
}

const fixed = (n: number, digits = 2): string => n.toFixed(digits);

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median over the processes, with their range (or, for one process, its IQR). */
function spread(values: Spread[], digits = 2, suffix = ''): string {
  const medians = values.map((v) => v.median);
  const [low, high] =
    values.length === 1
      ? [values[0].p25, values[0].p75]
      : [Math.min(...medians), Math.max(...medians)];
  return `${fixed(median(medians), digits)}${suffix} (${fixed(low, digits)}-${fixed(high, digits)})`;
}

/** One run of the stable measurements, in one process: what a worker prints as JSON. */
export interface StableRun {
  ratios: RatioFigures[];
  cpu: CpuFigures[];
  games: number;
  meanActions: number;
  referenceMicros: number;
}

/** The figures of the engine before the speed-up: its runs, and how and where they were made. */
export interface RecordedBefore {
  note: string;
  date: string;
  commit: string;
  machine: string;
  command: string;
  runs: StableRun[];
}

/** Today's figures beside the recorded ones: only a workload the same in both has a before. */
class Compared {
  constructor(
    private readonly runs: StableRun[],
    private readonly before: RecordedBefore,
  ) {}

  /** The recorded ratios of workload w, one per process, if it was the same workload. */
  beforeRatios(w: number): Spread[] | null {
    const { workload, unit } = this.runs[0].ratios[w];
    const all = this.before.runs.map((r) =>
      r.ratios.find((f) => f.workload === workload && f.unit === unit),
    );
    return all.every((f) => f !== undefined) ? all.map((f) => f.ratio) : null;
  }

  /** The recorded runs' median CPU per action (reference units) of figure c, if the same games. */
  beforeCpu(c: number): number | null {
    const { what, games, actions } = this.runs[0].cpu[c];
    const all = this.before.runs.map((r) =>
      r.cpu.find((f) => f.what === what && f.games === games && f.actions === actions),
    );
    return all.every((f) => f !== undefined)
      ? median(all.map((f) => f.referenceUnitsPerAction))
      : null;
  }

  /** Before / after for each process (for one process, against its IQR). */
  speedUps(w: number): Spread[] | null {
    const recorded = this.beforeRatios(w);
    if (recorded === null) return null;
    const before = median(recorded.map((r) => r.median));
    return this.runs.map(({ ratios: { [w]: f } }) => ({
      median: before / f.ratio.median,
      p25: before / f.ratio.p75,
      p75: before / f.ratio.p25,
    }));
  }

  speedUp(w: number): number | null {
    const all = this.speedUps(w);
    return all && median(all.map((s) => s.median));
  }

  cpuSpeedUp(c: number): number | null {
    const before = this.beforeCpu(c);
    return before && before / median(this.runs.map((r) => r.cpu[c].referenceUnitsPerAction));
  }
}

function ratioRows(runs: StableRun[], compared: Compared, before: RecordedBefore): string[] {
  const range = runs.length === 1 ? 'IQR' : 'range over the processes';
  const beforeRange = `recorded, range over its ${before.runs.length} processes`;
  return [
    `| Workload | Before (ratio, ${beforeRange}) | After (ratio, ${range}) | After per action | Speed-up (${range}) | Rounds |`,
    '|---|---|---|---|---|---|',
    ...runs[0].ratios.map((f, w) => {
      const all = runs.map((run) => run.ratios[w]);
      const perAction = median(all.map((r) => r.ratio.median)) / f.actionsPerUnit;
      const recorded = compared.beforeRatios(w);
      const speedUps = compared.speedUps(w);
      return (
        `| ${f.workload} (${f.unit}) | ${recorded ? spread(recorded) : '-'} | ` +
        `${spread(all.map((r) => r.ratio))} | ${fixed(perAction, 3)} | ` +
        `${speedUps ? spread(speedUps, 2, '×') : '-'} | ${runs.length} × ${f.rounds} |`
      );
    }),
  ];
}

function cpuRows(runs: StableRun[], compared: Compared): string[] {
  const of = (c: number, pick: (f: CpuFigures) => number) =>
    median(runs.map((r) => pick(r.cpu[c])));
  const maybe = (value: number | null, digits: number, suffix = '') =>
    value === null ? '-' : `${fixed(value, digits)}${suffix}`;
  return [
    '| CPU per action, over whole games | Games | Actions | After | Before (ref. units, recorded) | After (ref. units) | Speed-up |',
    '|---|---|---|---|---|---|---|',
    ...runs[0].cpu.map(
      (f, c) =>
        `| ${f.what} | ${f.games.toLocaleString('en-GB')} | ${f.actions.toLocaleString('en-GB')} | ` +
        `${fixed(of(c, (x) => x.microsPerAction))} µs | ` +
        `${maybe(compared.beforeCpu(c), 3)} | ` +
        `${fixed(
          of(c, (x) => x.referenceUnitsPerAction),
          3,
        )} | ` +
        `${maybe(compared.cpuSpeedUp(c), 2, '×')} |`,
    ),
  ];
}

/** The goal (a third of the time: 3x) against each figure, and what limits the action. */
function goalLines(runs: StableRun[], compared: Compared): string[] {
  const [action, sessionsAction, typical, long] = [0, 1, 2, 3];
  const speedUps = [action, sessionsAction, typical, long].map((w) => compared.speedUp(w));
  const cpuSpeedUps = [0, 1].map((c) => compared.cpuSpeedUp(c));
  const after = (w: number) => median(runs.map((r) => r.ratios[w].ratio.median));
  // What an action costs beyond the rules' own work, which is what a replay does per action.
  const rulesShare = after(typical) / runs[0].ratios[typical].actionsPerUnit / after(action);
  const limits = [
    `What limits the swap alone: the rules' own work per action (what a replay spends) is ` +
      `about ${Math.round(rulesShare * 100)}% of a live swap. The rest is what the public ` +
      'contract asks of every action: the animation steps (their pieces are now shared, but ' +
      'each step and its lists are new), the new grid as 48 colour names in 8 new rows, the ' +
      'level, the result objects, and whether a move is left; and, for a state that did not ' +
      "come from this process's engine (read from storage), reading its grid name by name and " +
      'looking for runs everywhere before the swap. Going further means changing that contract ' +
      '(a compact grid in the state, steps in typed arrays), which the web client and the ' +
      'sessions service read.',
  ];
  if ([...speedUps, ...cpuSpeedUps].some((x) => x === null)) {
    return ['Goal: not stated, these workloads are not the recorded ones.', '', ...limits];
  }
  const [sAction, sSessions, sTypical, sLong] = speedUps as number[];
  const [cLive, cReplay] = cpuSpeedUps as number[];
  const verdict = (speedUp: number) => (speedUp >= 3 ? 'met' : 'missed');
  return [
    `Goal, a third of the time before (3× faster): replay ${verdict(sTypical)} ` +
      `(${fixed(sTypical)}× for a typical game, ${fixed(sLong)}× for the ` +
      `300-move game, ${fixed(cReplay)}× in CPU per action over all the games); the live ` +
      `action ${verdict(sAction)} (${fixed(sAction)}× per swap, ` +
      `${fixed(sSessions)}× for the sessions service's action with its view, ` +
      `${fixed(cLive)}× in CPU per action over whole games).`,
    '',
    ...limits,
  ];
}

/**
 * The Markdown of one or more runs (each in its own process): medians over the processes,
 * beside the recorded figures of the engine before.
 */
export function stableMarkdown(runs: StableRun[], before: RecordedBefore): string[] {
  const compared = new Compared(runs, before);
  return [
    ...ratioRows(runs, compared, before),
    '',
    ...cpuRows(runs, compared),
    '',
    ...goalLines(runs, compared),
    '',
    `Typical games: ${runs[0].games.toLocaleString('en-GB')} seeds played to the end by the ` +
      `greedy bot (target colour first, extra moves taken), ${fixed(runs[0].meanActions, 1)} ` +
      `actions a game on average. One reference unit took ` +
      `${runs.map((r) => fixed(r.referenceMicros, 2)).join(', ')} µs of CPU in the ` +
      `${runs.length === 1 ? 'run' : 'processes'} (` +
      `${before.runs.map((r) => fixed(r.referenceMicros, 2)).join(', ')} µs in those that ` +
      'recorded the engine before).',
  ];
}

/** Runs the stable measurements in this process. */
export function runStable(
  fixture: { seed: string; moves: number; log: GameLog },
  options: StableOptions,
  progress: (line: string) => void,
): StableRun {
  const { games, positions } = typicalGames(options.games);
  const meanActions = games.reduce((sum, g) => sum + g.log.length, 0) / games.length;
  const replayGames = games.slice(0, 200);
  const replayActions = replayGames.reduce((sum, g) => sum + g.log.length, 0) / replayGames.length;
  const workloads: Workload[] = [
    {
      name: 'the action: swap() with its cascade and animation steps',
      unit: `one swap, ${positions.length} positions, one from each typical game`,
      actionsPerUnit: 1,
      run: (engine, i) => {
        const p = positions[i % positions.length];
        return engine.swap(p.state, p.from, p.to).ok;
      },
    },
    {
      name: "the sessions service's action: swap(), then the player's view of the new state",
      unit:
        `one swap, the same ${positions.length} positions; the view is the grid` +
        ' as 48 cells and whether a move is ' +
        'left: before, grid.flat() and findMoves() as the service used that engine; after, ' +
        "gridCells() and the swap's hasMoves",
      actionsPerUnit: 1,
      run: (engine, i) => {
        const p = positions[i % positions.length];
        return engine.sessionsAction(p.state, p.from, p.to);
      },
    },
    {
      name: 'replay() of a typical game',
      unit: `one game, ${fixed(replayActions, 1)} actions on average`,
      actionsPerUnit: replayActions,
      run: (engine, i) => {
        const game = replayGames[i % replayGames.length];
        return engine.replay(game.seed, game.log).ok;
      },
    },
    {
      name: `replay() of the ${fixture.moves}-move game`,
      unit: `one game, ${fixture.log.length} actions`,
      actionsPerUnit: fixture.log.length,
      run: (engine) => engine.replay(fixture.seed, fixture.log).ok,
    },
  ];
  const ratios = workloads.map((workload) => {
    progress(`ratio: ${workload.name}`);
    return measureRatios(workload, ENGINE, options.rounds);
  });
  progress('CPU per action: live actions');
  const live = measureCpuPerAction(
    `the actions, live (createGame, then swap() with steps, reset, extra moves)`,
    games,
    ENGINE,
    (e, game) => playLog(e, game).score >= 0,
    options.passes,
  );
  progress('CPU per action: replays');
  const replays = measureCpuPerAction(
    'replay() of each whole game',
    games,
    ENGINE,
    (e, game) => e.replay(game.seed, game.log).ok,
    options.passes,
  );
  if (checksum() < 0) progress('unreachable'); // keeps every measured call observable
  return {
    ratios,
    cpu: [live, replays],
    games: games.length,
    meanActions,
    referenceMicros: ratios[0].referenceMicros,
  };
}
