// The games of the submission scenario: real ranked games, played through the gateway like a
// browser plays them by @ballmatch/kit's ranked-game client (a session, then each action, the
// swaps the engine's greedy bot's), and finished. They are short: four swaps, then the player
// ends the game (the server judges timing from five moves on, and a load generator plays far
// faster than a person, which would hold every score for review).
import { playShortGame } from '@ballmatch/kit';

const PLAYERS = 5000;

/**
 * One API call through `pool` (undici) with a JSON body (none when `body` is undefined) and the
 * session's credential when given: the 200's JSON; anything else throws, naming the call.
 */
export const caller = (pool) => async (method, path, body, credential) => {
  const res = await pool.request({
    path,
    method,
    headers: {
      'content-type': 'application/json',
      ...(credential ? { 'x-session-credential': credential } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  return JSON.parse(text);
};

/** The ranked-game client's POST through `pool`. */
const poster = (pool) => {
  const call = caller(pool);
  return (path, body, headers) => call('POST', path, body, headers['x-session-credential']);
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
