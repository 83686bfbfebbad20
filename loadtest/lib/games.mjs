// The games of the submission scenario: real ranked games, played through the gateway like a
// browser plays them by @ballmatch/kit's ranked-game client (a session, then each action, the
// swaps the engine's greedy bot's), and finished. They are short: four swaps, then the player
// ends the game (the server judges timing from five moves on, and a load generator plays far
// faster than a person, which would hold every score for review).
import { playShortGame } from '@ballmatch/kit';

const PLAYERS = 5000;

/** POST through `pool` (undici), the 200's JSON. */
const poster = (pool) => async (path, body, headers) => {
  const res = await pool.request({
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.body.json();
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
};

async function playOne(pool, index) {
  const { sessionId, credential, playerName, score, level, moves } = await playShortGame(
    poster(pool),
    `LT ${index % PLAYERS}`,
    { deviceFingerprint: 'loadtest'.padEnd(50, '-') },
  );
  return { sessionId, credential, playerName, score, level, moves };
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
