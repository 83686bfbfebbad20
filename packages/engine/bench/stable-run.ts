// The stable part of the engine benchmark (bench/stable.ts): sets up the workloads (typical games
// played by the greedy bot, about 50 actions; the 300-move fixture), runs today's engine beside
// the engine before the speed-up, and returns the figures as Markdown for docs/benchmarks.md.
import { createGame, grantExtraMoves, replay, resetGrid, swap } from '../src';
import type { Cell, GameLog, GameState } from '../src';
import { greedy, play } from '../src/bots';
import * as gameBefore from './engine-before/game';
import { replay as replayBefore } from './engine-before/replay';
import { checksum, measureCpuPerAction, measureRatios, playLog } from './stable';
import type { CpuFigures, EngineUnderTest, PlayedLog, RatioFigures, Workload } from './stable';

const BEFORE: EngineUnderTest = { label: 'before', ...gameBefore, replay: replayBefore };
const AFTER: EngineUnderTest = {
  label: 'after',
  createGame,
  swap,
  resetGrid,
  grantExtraMoves,
  replay,
};

export interface StableOptions {
  /** Typical games for the CPU-per-action figures. */
  games: number;
  /** Interleaved rounds per ratio workload. */
  rounds: number;
  /** Passes over all the games per engine for the CPU figures. */
  passes: number;
}

/** Greedy play: the target colour first, then points; about 50 actions a game, as people play. */
function typicalGames(count: number): { games: PlayedLog[]; positions: Position[] } {
  const games: PlayedLog[] = [];
  const positions: Position[] = [];
  for (let i = 0; i < count; i++) {
    const seed = `typical-${i}`;
    const initial = createGame(seed);
    const { log, states } = play(initial, { choose: greedy });
    games.push({ seed, log });
    log.forEach((entry, k) => {
      if (entry.type === 'swap' && positions.length < 5_000) {
        positions.push({
          state: k === 0 ? initial : states[k - 1],
          from: entry.from,
          to: entry.to,
        });
      }
    });
  }
  return { games, positions };
}

interface Position {
  state: GameState;
  from: Cell;
  to: Cell;
}

const fixed = (n: number, digits = 2): string => n.toFixed(digits);

function ratioRows(figures: RatioFigures[]): string[] {
  return [
    '| Workload | Before (ratio, IQR) | After (ratio, IQR) | After per action | Speed-up (IQR) | Rounds |',
    '|---|---|---|---|---|---|',
    ...figures.map((f) => {
      const b = f.ratios.before;
      const a = f.ratios.after;
      const perAction = a.median / f.actionsPerUnit;
      return (
        `| ${f.workload} (${f.unit}) | ${fixed(b.median)} (${fixed(b.p25)}-${fixed(b.p75)}) | ` +
        `${fixed(a.median)} (${fixed(a.p25)}-${fixed(a.p75)}) | ${fixed(perAction, 3)} | ` +
        `${fixed(f.speedUp.median)}× (${fixed(f.speedUp.p25)}-${fixed(f.speedUp.p75)}) | ${f.rounds} |`
      );
    }),
  ];
}

function cpuRows(figures: CpuFigures[]): string[] {
  return [
    '| CPU per action, over whole games | Games | Actions | Before | After | Before (ref. units) | After (ref. units) | Speed-up |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.what} | ${f.games.toLocaleString('en-GB')} | ${f.actions.toLocaleString('en-GB')} | ` +
        `${fixed(f.microsPerAction.before)} µs | ${fixed(f.microsPerAction.after)} µs | ` +
        `${fixed(f.referenceUnitsPerAction.before, 3)} | ${fixed(f.referenceUnitsPerAction.after, 3)} | ` +
        `${fixed(f.microsPerAction.before / f.microsPerAction.after)}× |`,
    ),
  ];
}

/** Runs the stable measurements and returns the Markdown lines (tables and how to read them). */
export function stableFigures(
  fixture: { seed: string; moves: number; log: GameLog },
  options: StableOptions,
  progress: (line: string) => void,
): string[] {
  const { games, positions } = typicalGames(options.games);
  const meanActions = games.reduce((sum, g) => sum + g.log.length, 0) / games.length;
  const replayGames = games.slice(0, 200);
  const replayActions = replayGames.reduce((sum, g) => sum + g.log.length, 0) / replayGames.length;
  const workloads: Workload[] = [
    {
      name: 'the action: swap() with its cascade and animation steps',
      unit: `one swap, ${positions.length.toLocaleString('en-GB')} positions of typical games`,
      actionsPerUnit: 1,
      run: (engine, i) => {
        const p = positions[i % positions.length];
        return engine.swap(p.state, p.from, p.to).ok;
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
    return measureRatios(workload, BEFORE, AFTER, options.rounds);
  });
  progress('CPU per action: live actions');
  const live = measureCpuPerAction(
    `the actions, live (createGame, then swap() with steps, reset, extra moves)`,
    games,
    [BEFORE, AFTER],
    (engine, game) => playLog(engine, game).score >= 0,
    options.passes,
  );
  progress('CPU per action: replays');
  const replays = measureCpuPerAction(
    'replay() of each whole game',
    games,
    [BEFORE, AFTER],
    (engine, game) => engine.replay(game.seed, game.log).ok,
    options.passes,
  );
  if (checksum() < 0) progress('unreachable'); // keeps every measured call observable
  const referenceMicros = ratios[0].referenceMicros;
  return [
    ...ratioRows(ratios),
    '',
    ...cpuRows([live, replays]),
    '',
    `Typical games: ${games.length.toLocaleString('en-GB')} seeds played to the end by the greedy bot ` +
      `(target colour first, extra moves taken), ${fixed(meanActions, 1)} actions a game on average. ` +
      `One reference unit took ${fixed(referenceMicros, 2)} µs of CPU in this run.`,
  ];
}
