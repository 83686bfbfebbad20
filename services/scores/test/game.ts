import {
  createGame,
  encodeGameLog,
  findMoves,
  grantExtraMoves,
  resetGrid,
  swap,
  type GameLog,
} from '@ballmatch/engine';

/** A game played through the engine's public API, as the web client records it. */
export interface PlayedGame {
  /** The wire log as JSON text (what the client sends as `gameLog`). */
  gameLog: string;
  score: number;
  level: number;
  moves: number;
}

/** Deterministic random numbers in [0, 1) (mulberry32). */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays random valid moves (findMoves + swap), takes the extra moves once, resets a board
 * without moves, until the game ends or `maxMoves` swaps were made.
 */
export function playGame(seed: string, options: { maxMoves?: number; rngSeed?: number } = {}) {
  const random = randomSource(options.rngSeed ?? seed.length * 7919 + seed.charCodeAt(0));
  let state = createGame(seed);
  const log: GameLog = [];
  let at = 1_700_000_000_000;
  while (state.status !== 'ended' && state.totalMoves < (options.maxMoves ?? Infinity)) {
    at += 400 + Math.floor(random() * 2000);
    if (state.status === 'gameOverPending') {
      const granted = grantExtraMoves(state);
      if (!granted.ok) break;
      log.push({ type: 'extraMoves', at });
      state = granted.state;
      continue;
    }
    const moves = findMoves(state);
    if (moves.length === 0) {
      const reset = resetGrid(state);
      if (!reset.ok) break;
      log.push({ type: 'reset', at });
      state = reset.state;
      continue;
    }
    const move = moves[Math.floor(random() * moves.length)]!;
    const result = swap(state, move.from, move.to);
    if (!result.ok) throw new Error(`listed move refused: ${result.reason}`);
    log.push({ type: 'swap', from: move.from, to: move.to, at });
    state = result.state;
  }
  return {
    gameLog: JSON.stringify(encodeGameLog(log)),
    score: state.score,
    level: state.level.currentLevel,
    moves: state.totalMoves,
  } satisfies PlayedGame;
}
