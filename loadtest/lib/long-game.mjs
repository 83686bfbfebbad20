// Plays long legal games (100-300 moves) for the load test: a small beam search over the
// engine's own moves (random or greedy play ends around 50 moves). Every game it returns is a
// real game: the scores service replays it from its seed like any other.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const engine = require('../../packages/engine/dist/index.js');
// The engine's swap without the animation steps (what replay uses): twice as fast to search.
const { playSwap } = require('../../packages/engine/dist/game.js');
const { createGame, encodeGameLog, findMoves, grantExtraMoves, resetGrid, LEVEL } = engine;

/** Target balls a good sequence collects per move (the engine benchmark's tuning). */
const BALLS_PER_MOVE = 3.5;
const targetFor = (level) =>
  LEVEL.initialTargetMatches + LEVEL.targetMatchesIncrement * (level - 1);
const movesFor = (level) => LEVEL.initialMoves + LEVEL.movesIncrement * (level - 1);

function promise(state) {
  const level = state.level;
  const movesLeft = level.movesAllowed - level.movesUsed + (state.extraMovesGranted ? 0 : 7);
  let value = movesLeft * BALLS_PER_MOVE - (level.targetMatches - level.matchesCollected);
  for (let k = 2; k <= level.currentLevel; k++) {
    value -= (movesFor(k) + LEVEL.levelUpBonusMoves) * BALLS_PER_MOVE - targetFor(k);
  }
  return value;
}

function children(node, at) {
  const { state } = node;
  if (state.status === 'gameOverPending') {
    const granted = grantExtraMoves(state);
    return granted.ok
      ? [{ state: granted.state, entry: { type: 'extraMoves', at }, parent: node }]
      : [];
  }
  if (state.status !== 'active') return [];
  const moves = findMoves(state);
  if (moves.length === 0) {
    const reset = resetGrid(state);
    return reset.ok ? [{ state: reset.state, entry: { type: 'reset', at }, parent: node }] : [];
  }
  const out = [];
  for (const { from, to } of moves) {
    const result = playSwap(state, from, to, false);
    if (result.ok)
      out.push({ state: result.state, entry: { type: 'swap', from, to, at }, parent: node });
  }
  return out;
}

/** The game of `seed` with at least `minMoves` swaps, or null when the search fell short. */
export function longGame(seed, { minMoves = 100, width = 20 } = {}) {
  let beam = [{ state: createGame(seed), entry: null, parent: null }];
  let best = beam[0];
  // Human-like gaps between actions (400-2400 ms), so the timing analysis stays quiet.
  let at = 1_700_000_000_000;
  let tick = seed.charCodeAt(0);
  for (let depth = 0; beam.length > 0 && best.state.totalMoves < minMoves; depth++) {
    tick = (tick * 1103515245 + 12345) % 2147483648;
    at += 400 + (tick % 2000);
    const next = beam.flatMap((node) => children(node, at));
    for (const node of next) node.value = promise(node.state);
    next.sort((a, b) => b.value - a.value);
    beam = [];
    // Different moves often reach the same figures: keeping one of each keeps the beam varied.
    const seen = new Set();
    for (const node of next) {
      if (node.state.totalMoves > best.state.totalMoves) best = node;
      if (node.state.status === 'ended') continue;
      const { score, level } = node.state;
      const key = `${score}|${level.movesUsed}|${level.matchesCollected}`;
      if (seen.has(key)) continue;
      seen.add(key);
      beam.push(node);
      if (beam.length >= width) break;
    }
  }
  if (best.state.totalMoves < minMoves) return null;
  const log = [];
  for (let n = best; n; n = n.parent) if (n.entry) log.push(n.entry);
  log.reverse();
  return {
    gameLog: encodeGameLog(log),
    score: best.state.score,
    level: best.state.level.currentLevel,
    moves: best.state.totalMoves,
  };
}
