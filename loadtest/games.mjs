// Load test of ranked games held by the server (issue 10): `--games` games in progress at once,
// each player sending one action every `--pace-ms` (jittered) through the gateway, the way the
// browser does (POST /api/player-sessions/{id}/actions with the session's credential). Measures
// each action's round trip and the CPU every process of the stack spent per action. Starts its
// own stack (scripts/stack.mjs) on free ports with its own database, Redis and NATS prefixes.
//
//   node scripts/build.mjs            # once: the stack runs the built code
//   node loadtest/games.mjs [--games 1000] [--pace-ms 2000] [--duration 30] [--warmup 10]
//
// A finished game is replaced by a new one, so the count in progress stays the same.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { Pool } from 'undici';
import { cpuMeter } from './lib/cpu.mjs';
import { caller } from './lib/games.mjs';
import { requireBuilt, resultsDir, startLoadStack } from './lib/load-stack.mjs';
import { machineFacts, percentile, round } from './lib/measure.mjs';
import { nextAction } from './k6/player.mjs';

const require = createRequire(import.meta.url);
const { findMoves, gridFromCells } = require('@ballmatch/engine');

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '1000' },
    'pace-ms': { type: 'string', default: '2000' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '10' },
    connections: { type: 'string', default: '256' },
    database: { type: 'string', default: 'bm_loadtest_games' },
  },
});
const gameCount = Number(args.games);
const paceMs = Number(args['pace-ms']);
const log = (line) => console.log(`[games] ${line}`);

requireBuilt([
  'gateway/dist/index.js',
  'services/sessions/dist/index.js',
  'services/ads/dist/index.js',
]);

/** The scripted player's action (k6/player.mjs) on the engine's swaps, picked by the game's seq. */
const actionOn = (game, canEarn) =>
  nextAction(
    game,
    canEarn,
    (grid) => findMoves({ grid: gridFromCells(grid) }),
    (moves) => moves[(game.seq * 7919) % moves.length],
  );

async function main() {
  const stack = await startLoadStack({ name: 'games', database: args.database, log });
  const pool = new Pool(stack.base, {
    connections: Number(args.connections),
    keepAliveTimeout: 60_000,
  });
  const call = caller(pool);
  const newGame = async (i) => {
    const created = await call('POST', '/api/player-sessions', {
      playerName: `Load ${i % 5000}`,
      sessionId: randomUUID(),
      deviceFingerprint: 'loadtest'.padEnd(50, '-'),
    });
    return {
      id: created.id,
      credential: created.credential,
      game: created.game,
      reward: created.offers?.reward?.id ?? null,
    };
  };
  /** Follows the game's reward ad, as the 'Watch Ad' button does: the extra moves are earned. */
  const watchAd = async (offerId) => {
    const res = await pool.request({ path: `/api/ads/go/${offerId}`, method: 'GET' });
    await res.body.dump();
    if (res.statusCode !== 302) throw new Error(`/api/ads/go: ${res.statusCode}`);
  };

  let measuring = false;
  let stopping = false;
  const latencies = [];
  let actions = 0;
  let gamesFinished = 0;
  let failures = 0;

  /** One player: an action every pace (jittered ±50%), a new game when one ends. */
  async function player(i) {
    let current = await newGame(i);
    await new Promise((r) => setTimeout(r, Math.random() * paceMs));
    while (!stopping) {
      const started = performance.now();
      try {
        const action = actionOn(current.game, current.reward !== null);
        if (action.type === 'extraMoves') await watchAd(current.reward);
        const sent = performance.now();
        const answer = await call(
          'POST',
          `/api/player-sessions/${current.id}/actions`,
          { seq: current.game.seq, action },
          current.credential,
        );
        current.game = answer.game;
        if (measuring) {
          latencies.push(performance.now() - sent);
          actions++;
        }
        if (current.game.status === 'ended') {
          if (measuring) gamesFinished++;
          current = await newGame(i);
        }
      } catch (error) {
        failures++;
        if (failures <= 5) log(`failure: ${error.message}`);
        current = await newGame(i);
      }
      const wait = paceMs * (0.5 + Math.random()) - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }

  log(`opening ${gameCount} games, one action each every ~${paceMs} ms`);
  const players = Array.from({ length: gameCount }, (_, i) => player(i));
  await new Promise((r) => setTimeout(r, Number(args.warmup) * 1000));
  log(`measuring for ${args.duration} s`);
  const meter = cpuMeter(stack.names);
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, Number(args.duration) * 1000));
  measuring = false;
  const measured = performance.now() - started;
  const cpu = meter();
  stopping = true;
  await Promise.all(players);
  await pool.close();
  await stack.stop();

  const sorted = Float64Array.from(latencies).sort();
  const serverMs = Object.entries(cpu.cpuMs)
    .filter(([group]) => group !== 'load generator' && group !== 'other processes')
    .reduce((sum, [, ms]) => sum + ms, 0);
  const report = {
    at: new Date().toISOString(),
    args,
    machine: machineFacts(),
    gamesInProgress: gameCount,
    actions,
    actionsPerSecond: round((actions / measured) * 1000),
    gamesFinished,
    failures,
    roundTripMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? 0),
    },
    cpuMsPerAction: round(serverMs / Math.max(1, actions), 3),
    cpuMsByProcess: Object.fromEntries(
      Object.entries(cpu.cpuMs).map(([group, ms]) => [group, round(ms / Math.max(1, actions), 3)]),
    ),
    wallMs: cpu.wallMs,
  };
  fs.writeFileSync(
    path.join(resultsDir, `games-${report.at.replace(/[:.]/g, '-')}.json`),
    JSON.stringify(report, null, 2),
  );
  console.log(JSON.stringify(report, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
