// The games of the submission scenario: real sessions (made through the gateway, so the seeds
// are the sessions service's) and long games played on them (the engine's bot, in worker
// threads: games-worker.mjs). Made before the timed phase and kept in loadtest/results/ with
// the database they belong to, so a later run on the same database reuses them (its scores
// schema is emptied).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const PLAYERS = 5000;

async function createSessions(pool, count, firstIndex) {
  const sessions = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const index = firstIndex + next++;
      const playerName = `LT ${index % PLAYERS}`;
      const res = await pool.request({
        path: '/api/player-sessions',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          playerName,
          sessionId: randomUUID(),
          deviceFingerprint: 'loadtest'.padEnd(50, '-'),
        }),
      });
      const body = await res.body.json();
      if (res.statusCode !== 200)
        throw new Error(`session: ${res.statusCode} ${JSON.stringify(body)}`);
      sessions.push({ sessionId: body.id, seed: body.seed, playerName });
    }
  }
  await Promise.all(Array.from({ length: 32 }, worker));
  return sessions;
}

function play(sessions, workers) {
  const games = [];
  return Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const jobs = sessions
        .map((s, index) => ({ index, seed: s.seed, minMoves: 100 + (index % 21) }))
        .filter((job) => job.index % workers === w);
      return new Promise((resolve, reject) => {
        const worker = new Worker(new URL('./games-worker.mjs', import.meta.url), {
          workerData: { jobs },
        });
        worker.on('message', ({ index, game }) => {
          if (game) games.push({ ...sessions[index], ...game });
        });
        worker.on('error', reject);
        worker.on('exit', resolve);
      });
    }),
  ).then(() => games);
}

/** `count` sessions on the stack behind `pool`, played to 100-120 moves (some fall short). */
export async function makeGames(pool, count, firstIndex = 0) {
  const sessions = await createSessions(pool, count, firstIndex);
  return play(sessions, 2);
}

/** At least `needed` unscored games for `database`, made or reused. */
export async function prepareGames({ pool, needed, database, cacheFile, existingSessions, log }) {
  let games = [];
  if (fs.existsSync(cacheFile)) {
    const cache = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
    if (cache.database === database) games = cache.games;
  }
  // Only games whose session is still in the database count.
  const known = await existingSessions(games.map((g) => g.sessionId));
  games = games.filter((g) => known.has(g.sessionId));
  log(`games: ${games.length} reusable in ${path.relative(process.cwd(), cacheFile)}`);
  while (games.length < needed) {
    const missing = needed - games.length;
    // About 1 search in 4 falls short of 100 moves: ask for a few more sessions.
    const count = Math.ceil(missing * 1.35) + 10;
    const started = Date.now();
    const made = await makeGames(pool, count, games.length);
    games = games.concat(made);
    log(
      `games: played ${made.length} of ${count} sessions to 100+ moves in ` +
        `${Math.round((Date.now() - started) / 1000)} s (${games.length}/${needed})`,
    );
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify({ database, games }));
  }
  return games;
}
