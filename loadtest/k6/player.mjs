// The scripted player of the mixed workload, one for the k6 script (k6/mixed.js) and the node
// harness (lib/mixed-visit.mjs, and games.mjs): plain JavaScript with no imports, which both
// load. Each gives it the board's swaps as it finds them: k6 by moves.js (it cannot load the
// engine's package), node by the engine (loadtest/test/k6-in-step.test.ts checks the two agree).

const anyOf = (moves) => moves[Math.floor(Math.random() * moves.length)];

/**
 * The next action on the game the API shows: out of moves, the extra moves once when `canEarn`
 * (the game came with a reward ad to follow), else the end; a reset when the board has no swap;
 * else the swap `pick` chooses (default: any one) of `swapsOn(game.grid)`.
 */
export function nextAction(game, canEarn, swapsOn, pick = anyOf) {
  if (game.status === 'gameOverPending') {
    return game.extraMovesGranted || !canEarn ? { type: 'end' } : { type: 'extraMoves' };
  }
  if (!game.hasMoves) return { type: 'reset' };
  return { type: 'swap', ...pick(swapsOn(game.grid)) };
}

/**
 * The figures the page reports of its session (the session update's body): the game's so far,
 * the player's name and pace, and `extra` (the move times, the closing flag).
 */
export function sessionFigures(game, playerName, averageMoveDuration, extra = {}) {
  return {
    totalScore: game.score,
    matchCount: game.totalMatches,
    moveCount: game.totalMoves,
    averageMoveDuration,
    playerName,
    ...extra,
  };
}
