// @ballmatch/engine/bots: scripted players for tests, benchmarks and load tests. Not part of the
// main entry (the web app and the services never load it). They play through the same rules
// as a person and record the log a real client would send, with made-up but plausible times:
// every game they return replays on the server like any other.
import { LEVEL } from './constants';
import { createGame, endGame, findMoves, grantExtraMoves, playSwap, resetGrid } from './game';
import { baseMovesFor, targetMatchesFor } from './level';
import type { GameLog, GameLogEntry } from './log';
import type { GameState, Move } from './types';

/** Milliseconds before action number i: 600-2400 ms, uneven enough to pass the timing check. */
export const defaultGap = (i: number): number => 600 + ((i * 7919) % 1800);

/** The swap without its animation steps (what replay uses): the same state, twice as fast. */
const quickSwap = (state: GameState, move: Move) => playSwap(state, move.from, move.to, false);

export interface PlayOptions {
  /** Picks one of the possible moves (an index into `moves`). */
  choose: (state: GameState, moves: Move[]) => number;
  /** Whether to take the extra moves when the level runs out (default true). */
  takeExtraMoves?: boolean;
  /** Stop after this many swaps, leaving the game as it is (default: play to the end). */
  maxMoves?: number;
  /** Milliseconds before action number i (default `defaultGap`). */
  gap?: (i: number) => number;
  /** Client time of the game start (default 1_700_000_000_000). */
  startAt?: number;
}

export interface PlayedGame {
  log: GameLog;
  /** The state after each log entry, in order. */
  states: GameState[];
  final: GameState;
}

/** Plays from `initial` until the game ends (ending it when the extra moves are declined). */
export function play(initial: GameState, options: PlayOptions): PlayedGame {
  const gap = options.gap ?? defaultGap;
  const log: GameLog = [];
  const states: GameState[] = [];
  let state = initial;
  let at = options.startAt ?? 1_700_000_000_000;
  let swaps = 0;
  const record = (entry: GameLogEntry, next: GameState): void => {
    log.push(entry);
    states.push(next);
    state = next;
  };
  while (state.status !== 'ended' && swaps < (options.maxMoves ?? Infinity)) {
    at += gap(log.length);
    if (state.status === 'gameOverPending') {
      const granted = options.takeExtraMoves === false ? null : grantExtraMoves(state);
      if (granted?.ok) {
        record({ type: 'extraMoves', at }, granted.state);
        continue;
      }
      const ended = endGame(state);
      if (ended.ok) state = ended.state; // the end of the log ends the game: nothing to record
      break;
    }
    const moves = findMoves(state);
    if (moves.length === 0) {
      const reset = resetGrid(state);
      if (!reset.ok) throw new Error(`bot: reset refused (${reset.reason})`);
      record({ type: 'reset', at }, reset.state);
      continue;
    }
    const move = moves[options.choose(state, moves)];
    const result = quickSwap(state, move);
    if (!result.ok) throw new Error(`bot: listed move refused (${result.reason})`);
    record({ type: 'swap', from: move.from, to: move.to, at }, result.state);
    swaps++;
  }
  return { log, states, final: state };
}

/** A chooser that takes the move giving the most target balls, then the most points. */
export function greedy(state: GameState, moves: Move[]): number {
  let best = 0;
  let bestValue = -Infinity;
  moves.forEach((move, index) => {
    const result = quickSwap(state, move);
    if (!result.ok) return;
    const value = (result.levelUp ? 1e6 : 0) + result.targetCollected * 1000 + result.matchPoints;
    if (value > bestValue) {
      bestValue = value;
      best = index;
    }
  });
  return best;
}

export interface LongGameOptions {
  /** Search until the best game has this many swaps (it may fall short: check `final`). */
  minMoves: number;
  /** Games kept at each depth (default 20: a few ms per move; 1000 finds 300-move games). */
  width?: number;
  /**
   * Which games count as one when filling the beam: 'figures' (same score, moves used and
   * target balls; keeps a narrow beam varied, the default) or 'board' (same score, moves used
   * and grid; finer, for a wide beam).
   */
  distinctBy?: 'figures' | 'board';
  /** Milliseconds before the actions at search depth d (default `defaultGap`). */
  gap?: (depth: number) => number;
  /** Client time of the game start (default 1_700_000_000_000). */
  startAt?: number;
}

/** Target balls a good move sequence collects per move, on average (3.5 reaches 300 moves). */
const BALLS_PER_MOVE = 3.5;

interface Node {
  state: GameState;
  entry: GameLogEntry | null;
  parent: Node | null;
  value: number;
}

/**
 * How promising a game is for lasting long, comparing games after the same number of moves:
 * the balls this level's remaining moves should bring beyond what it still needs, minus the
 * surplus of every level already started (a game that levelled up early has spent those).
 */
function promise(state: GameState): number {
  const level = state.level;
  const movesLeft = level.movesAllowed - level.movesUsed + (state.extraMovesGranted ? 0 : 7);
  let value = movesLeft * BALLS_PER_MOVE - (level.targetMatches - level.matchesCollected);
  for (let k = 2; k <= level.currentLevel; k++) {
    value -= (baseMovesFor(k) + LEVEL.levelUpBonusMoves) * BALLS_PER_MOVE - targetMatchesFor(k);
  }
  return value;
}

function child(parent: Node, state: GameState, entry: GameLogEntry): Node {
  return { state, entry, parent, value: promise(state) };
}

function children(node: Node, at: number): Node[] {
  const { state } = node;
  if (state.status === 'gameOverPending') {
    const granted = grantExtraMoves(state);
    return granted.ok ? [child(node, granted.state, { type: 'extraMoves', at })] : [];
  }
  if (state.status !== 'active') return [];
  const moves = findMoves(state);
  if (moves.length === 0) {
    const reset = resetGrid(state);
    return reset.ok ? [child(node, reset.state, { type: 'reset', at })] : [];
  }
  const out: Node[] = [];
  for (const move of moves) {
    const result = quickSwap(state, move);
    if (result.ok) out.push(child(node, result.state, { type: 'swap', ...move, at }));
  }
  return out;
}

/**
 * A long legal game of `seed`. Random or greedy play ends around level 5 (about 50 moves), so
 * this is a beam search: at each depth it tries every action of the `width` most promising
 * games so far. Returns the longest game found (the one with most swaps) and its log.
 */
export function longGame(
  seed: string,
  options: LongGameOptions,
): { log: GameLog; final: GameState } {
  const { minMoves, width = 20, distinctBy = 'figures', gap = defaultGap } = options;
  let beam: Node[] = [{ state: createGame(seed), entry: null, parent: null, value: 0 }];
  let best = beam[0];
  let at = options.startAt ?? 1_700_000_000_000;
  for (let depth = 0; beam.length > 0 && best.state.totalMoves < minMoves; depth++) {
    at += gap(depth);
    const next = beam.flatMap((node) => children(node, at));
    next.sort((a, b) => b.value - a.value);
    beam = [];
    // Different moves often reach the same game: keeping one of each keeps the beam varied.
    const seen = new Set<string>();
    for (const node of next) {
      if (node.state.totalMoves > best.state.totalMoves) best = node;
      if (node.state.status === 'ended') continue;
      const { score, level, grid } = node.state;
      const key =
        distinctBy === 'board'
          ? `${score}|${level.movesUsed}|${grid.join()}`
          : `${score}|${level.movesUsed}|${level.matchesCollected}`;
      if (seen.has(key)) continue;
      seen.add(key);
      beam.push(node);
      if (beam.length >= width) break;
    }
  }
  const log: GameLog = [];
  for (let n: Node | null = best; n; n = n.parent) if (n.entry) log.push(n.entry);
  return { log: log.reverse(), final: best.state };
}
