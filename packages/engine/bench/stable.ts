// Engine figures that do not depend on the machine's mood (issue 14): each workload timed as a
// ratio to a fixed reference computation in the same process, in interleaved blocks, and the
// CPU time per action over thousands of games. The engine before the speed-up
// (bench/engine-before) runs beside today's in the same blocks, so before/after is one run.
import { referenceUnit } from './reference-workload';
import type { Cell, GameLogEntry, GameState } from '../src';

/** What the benchmark drives in either engine (both take and return the same plain data). */
export interface EngineUnderTest {
  label: string;
  createGame(seed: string): GameState;
  swap(state: GameState, from: Cell, to: Cell): { ok: boolean; state: GameState };
  resetGrid(state: GameState): { ok: boolean; state: GameState };
  grantExtraMoves(state: GameState): { ok: boolean; state: GameState };
  replay(seed: string, log: readonly GameLogEntry[]): { ok: boolean };
  findMoves(state: Pick<GameState, 'grid'>): unknown[];
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

export interface RatioFigures {
  workload: string;
  unit: string;
  actionsPerUnit: number;
  rounds: number;
  /** Per engine label: the median ratio (engine CPU per unit / reference CPU per unit), and IQR. */
  ratios: Record<string, { median: number; p25: number; p75: number }>;
  /** Median over rounds of before / after in the same round: how many times faster. */
  speedUp: { median: number; p25: number; p75: number };
  /** The reference unit's CPU time in this run, µs (to turn ratios back into time here). */
  referenceMicros: number;
}

/**
 * Interleaved blocks: reference, engine A, reference, engine B, reference, ... (the engines'
 * order alternating per round). Each engine block is divided by the mean of the two reference
 * blocks around it, so a slower or faster machine moves both sides of the ratio alike.
 */
export function measureRatios(
  workload: Workload,
  before: EngineUnderTest,
  after: EngineUnderTest,
  rounds: number,
  blockMicros = 20_000,
): RatioFigures {
  const referenceUnits = calibrate((i) => referenceUnit(i) !== 0, blockMicros);
  // The same units for both engines (sized on the slower one), so both do the same work.
  const units = calibrate((i) => workload.run(before, i), blockMicros);
  // Warm-up: both engines reach their optimised code before the first timed round.
  for (let i = 0; i < 3; i++)
    for (const engine of [after, before]) timeBlock(units, (k) => workload.run(engine, k));
  const ratios: Record<string, number[]> = { [before.label]: [], [after.label]: [] };
  const speedUps: number[] = [];
  const referencePerUnit: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [before, after] : [after, before];
    let referenceBefore = referenceBlock(referenceUnits) / referenceUnits;
    const perUnit: Record<string, number> = {};
    for (const engine of order) {
      const spent = timeBlock(units, (i) => workload.run(engine, i)) / units;
      const referenceAfter = referenceBlock(referenceUnits) / referenceUnits;
      const reference = (referenceBefore + referenceAfter) / 2;
      referencePerUnit.push(reference);
      ratios[engine.label].push(spent / reference);
      perUnit[engine.label] = spent / reference;
      referenceBefore = referenceAfter;
    }
    speedUps.push(perUnit[before.label] / perUnit[after.label]);
  }
  const summary = (values: number[]) => ({
    median: quantile(values, 0.5),
    p25: quantile(values, 0.25),
    p75: quantile(values, 0.75),
  });
  return {
    workload: workload.name,
    unit: workload.unit,
    actionsPerUnit: workload.actionsPerUnit,
    rounds,
    ratios: Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, summary(v)])),
    speedUp: summary(speedUps),
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
    if (!result.ok) throw new Error(`${engine.label}: a logged action was refused`);
    state = result.state;
  }
  return state;
}

export interface CpuFigures {
  what: string;
  games: number;
  actions: number;
  /** Per engine label: CPU µs per action, over all the games, every pass summed. */
  microsPerAction: Record<string, number>;
  /** Per engine label: the median over chunks of CPU per action / reference CPU around it. */
  referenceUnitsPerAction: Record<string, number>;
  /** The median over chunks of before / after on the same games, one after the other. */
  speedUp: number;
}

/**
 * CPU time per action over many whole games: the games in chunks, each chunk run by both
 * engines one after the other (their order alternating) with reference blocks around each,
 * `passes` times over.
 */
export function measureCpuPerAction(
  what: string,
  games: PlayedLog[],
  before: EngineUnderTest,
  after: EngineUnderTest,
  runGame: (engine: EngineUnderTest, game: PlayedLog) => unknown,
  passes: number,
  chunk = 100,
): CpuFigures {
  const actions = games.reduce((sum, game) => sum + game.log.length, 0);
  const referenceUnits = calibrate((i) => referenceUnit(i) !== 0, 5_000);
  const spent: Record<string, number> = { [before.label]: 0, [after.label]: 0 };
  const ratios: Record<string, number[]> = { [before.label]: [], [after.label]: [] };
  const speedUps: number[] = [];
  for (const engine of [after, before]) {
    // Warm-up, long enough that the JIT's compiler threads (process CPU too) are done.
    for (let i = 0; i < Math.min(5 * chunk, games.length); i++) runGame(engine, games[i]);
  }
  for (let pass = 0; pass < passes; pass++) {
    for (let first = 0; first < games.length; first += chunk) {
      const slice = games.slice(first, first + chunk);
      const sliceActions = slice.reduce((sum, game) => sum + game.log.length, 0);
      const order = (pass + first / chunk) % 2 === 0 ? [before, after] : [after, before];
      let referenceBefore = referenceBlock(referenceUnits) / referenceUnits;
      const chunkSpent: Record<string, number> = {};
      for (const engine of order) {
        const start = cpuMicros();
        for (const game of slice) if (runGame(engine, game)) sink++;
        const micros = cpuMicros() - start;
        const referenceAfter = referenceBlock(referenceUnits) / referenceUnits;
        spent[engine.label] += micros;
        chunkSpent[engine.label] = micros;
        const reference = (referenceBefore + referenceAfter) / 2;
        ratios[engine.label].push(micros / sliceActions / reference);
        referenceBefore = referenceAfter;
      }
      speedUps.push(chunkSpent[before.label] / chunkSpent[after.label]);
    }
  }
  const labels = [before.label, after.label];
  return {
    what,
    games: games.length,
    actions,
    microsPerAction: Object.fromEntries(labels.map((l) => [l, spent[l] / (actions * passes)])),
    referenceUnitsPerAction: Object.fromEntries(labels.map((l) => [l, quantile(ratios[l], 0.5)])),
    speedUp: quantile(speedUps, 0.5),
  };
}

/** Keeps the measured calls observable to the optimiser. */
export function checksum(): number {
  return sink;
}
