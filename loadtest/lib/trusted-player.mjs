// What one player of loadtest/trusted-games.mjs sends: the next action of a ranked game,
// chosen the way a person would from the board the server shows, or taken from a planned log.
//   typical: the greedy player (target balls first, then points) on the board as shown; the
//            engine's own bot, played on a copy of the visible board with a made-up random
//            generator (the server's stays on the server), so a cascade's refills are guesses.
//   long:    the engine benchmarks' 300-move game (bench/fixtures/long-game.json), which no
//            greedy or narrow search reaches: the run's database gets the fixture's seed for
//            the session (and its first board) before the first action, as if the server had
//            drawn it.
// The engine and the fixture are those of `tree`, the checkout whose stack is measured (its
// game page plays with that engine, and its server reads states that engine wrote).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The player of `tree`'s game: {greedyAction, longPlan, plantLongGame}. */
export function trustedPlayer(tree) {
  const engine = require(path.join(tree, 'packages/engine/dist/index.js'));
  const { greedy } = require(path.join(tree, 'packages/engine/dist/bots.js'));
  const fixture = JSON.parse(
    fs.readFileSync(path.join(tree, 'packages/engine/bench/fixtures/long-game.json'), 'utf8'),
  );
  const madeUpRng = engine.createGame('load generator').rng;

  /** The long game's actions, in order, as the HTTP API takes them, then its end. */
  const longPlan = (() => {
    const decoded = engine.decodeGameLog(fixture.log);
    if (!decoded.ok) throw new Error(`the long-game fixture does not decode: ${decoded.error}`);
    const actions = decoded.log.map(({ at: _at, ...action }) => action);
    return [...actions, { type: 'end' }];
  })();

  /** The typical player's next action on the game as the server last showed it. */
  function greedyAction(view, canEarn) {
    if (view.status === 'gameOverPending') {
      return view.extraMovesGranted || !canEarn ? { type: 'end' } : { type: 'extraMoves' };
    }
    if (!view.hasMoves) return { type: 'reset' };
    const state = {
      grid: engine.gridFromCells(view.grid),
      score: view.score,
      level: view.level,
      totalMoves: view.totalMoves,
      totalMatches: view.totalMatches,
      largestRun: view.largestRun,
      extraMovesGranted: view.extraMovesGranted,
      status: view.status,
      rng: [...madeUpRng],
    };
    const moves = engine.findMoves(state);
    const move = moves[greedy(state, moves)];
    return { type: 'swap', from: move.from, to: move.to };
  }

  /**
   * Gives the session the long game's seed and first board (the run's own database, before the
   * session's first action: the sessions service reads a game from PostgreSQL on its first one).
   */
  async function plantLongGame(db, sessionId) {
    const state = engine.createGame(fixture.seed);
    await db.query('UPDATE sessions.sessions SET seed = $2 WHERE id = $1', [
      sessionId,
      fixture.seed,
    ]);
    const { rowCount } = await db.query(
      'UPDATE sessions.games SET state = $2::jsonb WHERE session_id = $1 AND seq = 0',
      [sessionId, JSON.stringify(state)],
    );
    if (rowCount !== 1) throw new Error(`session ${sessionId}: its game was already played`);
  }

  return { greedyAction, longPlan, plantLongGame };
}
