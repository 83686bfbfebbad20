// The games of the submission scenario: real ranked games, played through the gateway like a
// browser plays them (a session, then each action), and finished. They are short: four swaps,
// then the player ends the game (the server judges timing from five moves on, and a load
// generator plays far faster than a person, which would hold every score for review).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { findMoves, gridFromCells } = require(path.join(root, 'packages/engine/dist/index.js'));

const PLAYERS = 5000;
const SWAPS = 4;

async function call(pool, method, p, body, credential) {
  const res = await pool.request({
    path: p,
    method,
    headers: {
      'content-type': 'application/json',
      ...(credential ? { 'x-session-credential': credential } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await res.body.json();
  if (res.statusCode !== 200) throw new Error(`${p}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
}

async function playOne(pool, index) {
  const playerName = `LT ${index % PLAYERS}`;
  const created = await call(pool, 'POST', '/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: 'loadtest'.padEnd(50, '-'),
  });
  const { id, credential } = created;
  let game = created.game;
  const act = async (action) =>
    (game = (
      await call(
        pool,
        'POST',
        `/api/player-sessions/${id}/actions`,
        { seq: game.seq, action },
        credential,
      )
    ).game);
  for (let i = 0; i < SWAPS && game.status === 'active' && game.hasMoves; i++) {
    const moves = findMoves({ grid: gridFromCells(game.grid) });
    await act({ type: 'swap', ...moves[index % moves.length] });
  }
  if (game.status !== 'ended') await act({ type: 'end' });
  return {
    sessionId: id,
    credential,
    playerName,
    score: game.score,
    level: game.level.currentLevel,
    moves: game.totalMoves,
  };
}

/** `count` finished games on the stack behind `pool` (32 at a time); zero-point ones dropped. */
export async function makeGames(pool, count, firstIndex = 0) {
  const games = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const game = await playOne(pool, firstIndex + next++);
      if (game.score > 0) games.push(game);
    }
  }
  await Promise.all(Array.from({ length: 32 }, worker));
  return games;
}

/** At least `needed` finished, unscored games. */
export async function prepareGames({ pool, needed, log }) {
  let games = [];
  while (games.length < needed) {
    const started = Date.now();
    const made = await makeGames(pool, Math.ceil((needed - games.length) * 1.1) + 10, games.length);
    games = games.concat(made);
    log(
      `games: played ${made.length} through the gateway in ` +
        `${Math.round((Date.now() - started) / 1000)} s (${games.length}/${needed})`,
    );
  }
  return games;
}
