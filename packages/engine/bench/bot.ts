// A scripted player for tests and benchmarks: plays a whole game through the public API and
// records the log a real client would send, with made-up but plausible timestamps.
import { endGame, findMoves, grantExtraMoves, resetGrid, swap } from '../src';
import type { GameLog, GameState, Move } from '../src';

export interface PlayOptions {
  /** Picks one of the possible moves (an index into `moves`). */
  choose: (state: GameState, moves: Move[]) => number;
  /** Whether to take the extra moves when the level runs out (default true). */
  takeExtraMoves?: boolean;
  /** Stop after this many swaps, leaving the game as it is (default: play to the end). */
  maxMoves?: number;
  /** Milliseconds before action number i (default: 600-2400 ms, varied). */
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

const defaultGap = (i: number): number => 600 + ((i * 7919) % 1800);

/** Plays from `initial` until the game ends (ending it when the extra moves are declined). */
export function play(initial: GameState, options: PlayOptions): PlayedGame {
  const gap = options.gap ?? defaultGap;
  const log: GameLog = [];
  const states: GameState[] = [];
  let state = initial;
  let at = options.startAt ?? 1_700_000_000_000;
  let swaps = 0;
  const record = (entry: GameLog[number], next: GameState): void => {
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
    const result = swap(state, move.from, move.to);
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
    const result = swap(state, move.from, move.to);
    if (!result.ok) return;
    const value = (result.levelUp ? 1e6 : 0) + result.targetCollected * 1000 + result.matchPoints;
    if (value > bestValue) {
      bestValue = value;
      best = index;
    }
  });
  return best;
}
