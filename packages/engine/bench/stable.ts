// Engine figures that do not depend on the machine's mood (issue 14): each workload timed as a
// ratio to a fixed reference computation in the same process, in interleaved blocks, and the
// CPU time per action over thousands of games. The engine before the speed-up ran through this
// same code once, and its figures are recorded (bench/fixtures/engine-before-figures.json).
import { referenceUnit } from './reference-workload';
import type { Cell, GameLogEntry, GameState } from '../src';

/** What the benchmark drives (the engine before was driven through the same calls). */
export interface EngineUnderTest {
  createGame(seed: string): GameState;
  swap(state: GameState, from: Cell, to: Cell): { ok: boolean; state: GameState };
  resetGrid(state: GameState): { ok: boolean; state: GameState };
  grantExtraMoves(state: GameState): { ok: boolean; state: GameState };
  replay(seed: string, log: readonly GameLogEntry[]): { ok: boolean };
  /**
   * The sessions service's action as it calls this engine: the swap, then the game as the
   * player sees it (the grid as 48 cells, whether a move is left).
   */
  sessionsAction(state: GameState, from: Cell, to: Cell): boolean;
}

export interface PlayedLog {
  seed: string;
  log: GameLogEntry[];
}

export interface Workload {
  name: string;
  /** What one unit is, for the table ("one swap", "one replay of ..."). */
  unit: string;
  /** Actions in one unit, to give the time per action. */
  actionsPerUnit: number;
  /** Runs unit number i with the engine; returns something truthy so the call is observable. */
  run(engine: EngineUnderTest, i: number): unknown;
}

/** CPU microseconds (user + system) of this process: preemption by other processes is not in it. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

let sink = 0;

function timeBlock(units: number, call: (i: number) => unknown): number {
  const start = cpuMicros();
  for (let i = 0; i < units; i++) if (call(i)) sink++;
  return cpuMicros() - start;
}

const referenceBlock = (units: number): number =>
  timeBlock(units, (i) => referenceUnit(i * 2654435761) !== 0);

/** Units of `call` that take about `targetMicros` of CPU (after a warm-up of the JIT). */
function calibrate(call: (i: number) => unknown, targetMicros: number): number {
  let units = 1;
  timeBlock(200, call);
  for (;;) {
    const spent = timeBlock(units, call);
    if (spent >= targetMicros / 4) return Math.max(1, Math.round((units * targetMicros) / spent));
    units *= 2;
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export interface Spread {
  median: number;
  p25: number;
  p75: number;
}

const spreadOf = (values: number[]): Spread => ({
  median: quantile(values, 0.5),
  p25: quantile(values, 0.25),
  p75: quantile(values, 0.75),
});

export interface RatioFigures {
  workload: string;
  unit: string;
  actionsPerUnit: number;
  rounds: number;
  /** Engine CPU per unit / reference CPU per unit, over the rounds. */
  ratio: Spread;
  /** The reference unit's CPU time in this run, µs (to turn ratios back into time here). */
  referenceMicros: number;
}

/**
 * Interleaved blocks: reference, engine, reference, engine, ... Each engine block is divided
 * by the mean of the two reference blocks around it, so a slower or faster machine moves both
 * sides of the ratio alike.
 */
export function measureRatios(
  workload: Workload,
  engine: EngineUnderTest,
  rounds: number,
  blockMicros = 20_000,
): RatioFigures {
  const referenceUnits = calibrate((i) => referenceUnit(i) !== 0, blockMicros);
  const units = calibrate((i) => workload.run(engine, i), blockMicros);
  // Warm-up: the engine reaches its optimised code before the first timed round.
  for (let i = 0; i < 3; i++) timeBlock(units, (k) => workload.run(engine, k));
  const ratios: number[] = [];
  const referencePerUnit: number[] = [];
  let referenceBefore = referenceBlock(referenceUnits) / referenceUnits;
  for (let round = 0; round < rounds; round++) {
    const spent = timeBlock(units, (i) => workload.run(engine, i)) / units;
    const referenceAfter = referenceBlock(referenceUnits) / referenceUnits;
    const reference = (referenceBefore + referenceAfter) / 2;
    referencePerUnit.push(reference);
    ratios.push(spent / reference);
    referenceBefore = referenceAfter;
  }
  return {
    workload: workload.name,
    unit: workload.unit,
    actionsPerUnit: workload.actionsPerUnit,
    rounds,
    ratio: spreadOf(ratios),
    referenceMicros: quantile(referencePerUnit, 0.5),
  };
}

/** Plays a logged game through the live actions, as the sessions service does one request each. */
export function playLog(engine: EngineUnderTest, game: PlayedLog): GameState {
  let state = engine.createGame(game.seed);
  for (const entry of game.log) {
    const result =
      entry.type === 'swap'
        ? engine.swap(state, entry.from, entry.to)
        : entry.type === 'reset'
          ? engine.resetGrid(state)
          : engine.grantExtraMoves(state);
    if (!result.ok) throw new Error('a logged action was refused');
    state = result.state;
  }
  return state;
}

export interface CpuFigures {
  what: string;
  games: number;
  actions: number;
  /** CPU µs per action, over all the games, every pass summed. */
  microsPerAction: number;
  /** The median over chunks of CPU per action / reference CPU around it. */
  referenceUnitsPerAction: number;
}

/**
 * CPU time per action over many whole games: the games in chunks, each chunk between two
 * reference blocks, `passes` times over.
 */
export function measureCpuPerAction(
  what: string,
  games: PlayedLog[],
  engine: EngineUnderTest,
  runGame: (engine: EngineUnderTest, game: PlayedLog) => unknown,
  passes: number,
  chunk = 100,
): CpuFigures {
  const actions = games.reduce((sum, game) => sum + game.log.length, 0);
  const referenceUnits = calibrate((i) => referenceUnit(i) !== 0, 5_000);
  let spent = 0;
  const ratios: number[] = [];
  // Warm-up, long enough that the JIT's compiler threads (process CPU too) are done.
  for (let i = 0; i < Math.min(5 * chunk, games.length); i++) runGame(engine, games[i]);
  for (let pass = 0; pass < passes; pass++) {
    let referenceBefore = referenceBlock(referenceUnits) / referenceUnits;
    for (let first = 0; first < games.length; first += chunk) {
      const slice = games.slice(first, first + chunk);
      const sliceActions = slice.reduce((sum, game) => sum + game.log.length, 0);
      const start = cpuMicros();
      for (const game of slice) if (runGame(engine, game)) sink++;
      const micros = cpuMicros() - start;
      const referenceAfter = referenceBlock(referenceUnits) / referenceUnits;
      spent += micros;
      ratios.push(micros / sliceActions / ((referenceBefore + referenceAfter) / 2));
      referenceBefore = referenceAfter;
    }
  }
  return {
    what,
    games: games.length,
    actions,
    microsPerAction: spent / (actions * passes),
    referenceUnitsPerAction: quantile(ratios, 0.5),
  };
}

/** Keeps the measured calls observable to the optimiser. */
export function checksum(): number {
  return sink;
}
