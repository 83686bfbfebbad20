// Load test of services/scores through the gateway: submissions of real ranked games (each
// checked against the game the sessions service held), then the two hot reads. Starts its own stack (scripts/stack.mjs) on free
// ports with its own database (bm_loadtest), Redis prefix and NATS prefix, the per-IP rate
// limit raised; prints the figures and writes them to loadtest/results/.
//
//   node scripts/build.mjs            # once: the stack runs the built code
//   node loadtest/scores.mjs [--rate 1000] [--duration 20] [--read-rate 5000]
//                            [--read-duration 15] [--retries 0.05] [--only submit|read]
//
// Every submission is checked by the service against its finished game. Games are played
// through the gateway before the timed phase (lib/games.mjs); the scores schema is emptied
// each run. The endpoints, rates and durations are loadtest/scenarios/scores.json's, which the
// k6 version (k6/scores.js) reads too.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { Pool } from 'undici';
import { ensureDatastores } from '../scripts/datastores.mjs';
import { root } from '../scripts/stack.mjs';
import { cpuMeter } from './lib/cpu.mjs';
import { requireBuilt, resultsDir, startLoadStack } from './lib/load-stack.mjs';
import { prepareGames } from './lib/games.mjs';
import { machineFacts, openLoop, summarize } from './lib/measure.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
const { Redis } = require('ioredis');

const scenario = JSON.parse(
  fs.readFileSync(new URL('./scenarios/scores.json', import.meta.url), 'utf8'),
);
const { endpoints, submit: submitPlan, reads: readPlan } = scenario;
/** Endpoint `name`'s path, its `{key}`s filled from `params`. */
const pathOf = (name, params = {}) =>
  endpoints[name].path.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(params[key]));
/** How the report names endpoint `name`: its method and its path as the scenario writes it. */
const labelOf = (name) => `${endpoints[name].method} ${endpoints[name].path}`;

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: String(submitPlan.rate) },
    duration: { type: 'string', default: String(submitPlan.seconds) },
    'read-rate': { type: 'string', default: String(readPlan.rate) },
    'read-duration': { type: 'string', default: String(readPlan.seconds) },
    retries: { type: 'string', default: String(submitPlan.retryShare) },
    connections: { type: 'string', default: '128' },
    only: { type: 'string' },
    database: { type: 'string', default: 'bm_loadtest' },
    /** Writes a V8 CPU profile of every stack process to loadtest/results/profiles/. */
    profile: { type: 'boolean', default: false },
    /** PostgreSQL connections of the scores process (its DB_POOL_MAX). */
    'db-pool': { type: 'string', default: '10' },
  },
});
const rate = Number(args.rate);
const durationMs = Number(args.duration) * 1000;
const readRate = Number(args['read-rate']);
const readDurationMs = Number(args['read-duration']) * 1000;
/** Share of submissions that resend an earlier game (a client retry): must never count twice. */
const retryShare = Number(args.retries);
const log = (line) => console.log(`[loadtest] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

requireBuilt([
  'gateway/dist/index.js',
  'services/scores/dist/index.js',
  'services/ads/dist/index.js',
  'packages/engine/dist/index.js',
]);

const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${args.database}`;

/** The run's own database; its scores schema starts empty, its sessions (and games) stay. */
async function prepareDatabase() {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [args.database]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${args.database}`);
  await admin.end();
  const db = new pg.Client(databaseUrl);
  await db.connect();
  await db.query('DROP SCHEMA IF EXISTS scores CASCADE');
  return db;
}

/**
 * PostgreSQL checkpoints so far. Each one (other work on the machine dropping test databases
 * requests them) flushes dirty pages and stalls commits for a moment: counted per phase.
 */
async function checkpointCount() {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  const { rows } = await admin.query(
    'SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter',
  );
  await admin.end();
  return Number(rows[0].n);
}

async function main() {
  await ensureDatastores({ log: () => {} });
  const db = await prepareDatabase();
  const stack = await startLoadStack({
    name: 'scores',
    database: args.database,
    log,
    env: {
      DB_POOL_MAX: args['db-pool'],
      ...(args.profile
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(resultsDir, 'profiles')}` }
        : {}),
    },
  });
  const pool = new Pool(stack.base, {
    connections: Number(args.connections),
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const redis = new Redis({ host: '127.0.0.1', port: 6379, keyPrefix: stack.redisPrefix });
  const results = [];
  const checks = {};
  const cpu = {};
  try {
    if (args.only !== 'read') {
      const warmup = Math.min(2000, Math.max(200, Math.round(rate)));
      const fresh = Math.floor((rate * durationMs) / 1000);
      const needed = warmup + Math.ceil(fresh * (1 - retryShare)) + 10;
      const games = await prepareGames({ pool, needed, log });
      const moves = games.map((g) => g.moves);
      log(`games: ${games.length}, moves ${Math.min(...moves)}-${Math.max(...moves)}`);
      const body = (g) =>
        JSON.stringify({
          playerName: g.playerName,
          score: g.score,
          level: g.level,
          moves: g.moves,
          sessionId: g.sessionId,
        });
      const bodies = games.map(body);
      const post = (b, game) => ({
        path: pathOf(submitPlan.endpoint),
        method: endpoints[submitPlan.endpoint].method,
        headers: {
          'content-type': 'application/json',
          'x-session-credential': games[game].credential,
        },
        body: b,
      });

      // Warm-up (JIT, prepared statements, pools), then the timed phase on other games.
      const acceptedSessions = new Set();
      const answered = (game) => (_i, status) => {
        if (status === 200) acceptedSessions.add(games[game].sessionId);
      };
      const warmRate = Math.min(rate, 500);
      log(`warm-up: ${warmup} submissions at ${warmRate}/s`);
      await openLoop({
        pool,
        rate: warmRate,
        durationMs: Math.ceil((warmup / warmRate) * 1000),
        request: (i) => post(bodies[i % warmup], i % warmup),
        onAnswer: (i, status) => answered(i % warmup)(i, status),
      });
      let nextGame = warmup;
      const sentThisPhase = [];
      const gameOf = [];
      let resends = 0;
      const every = retryShare > 0 ? Math.round(1 / retryShare) : 0;
      log(`submissions: ${rate}/s for ${durationMs / 1000} s (1 in ${every || '-'} a resend)`);
      const meter = cpuMeter(stack.names);
      const checkpoints = await checkpointCount();
      const submit = await openLoop({
        pool,
        rate,
        durationMs,
        request: (i) => {
          // Every `every`-th request resends an earlier game of this phase (a client retry).
          const resend = every > 0 && i > 50 && i % every === 0;
          const game = resend ? sentThisPhase[(i * 7919) % sentThisPhase.length] : nextGame++;
          if (resend) resends++;
          else sentThisPhase.push(game);
          gameOf[i] = game;
          return post(bodies[game], game);
        },
        onAnswer: (i, status) => answered(gameOf[i])(i, status),
      });
      cpu.submit = { ...meter(), checkpoints: (await checkpointCount()) - checkpoints };
      results.push(
        summarize(`${labelOf(submitPlan.endpoint)} (checked against the held game)`, submit),
      );

      // Count after: every accepted game is stored once, and on every board once.
      for (let i = 0; i < 300; i++) {
        const { rows } = await db.query('SELECT count(*)::int AS n FROM scores.outbox');
        if (rows[0].n === 0) break;
        await sleep(100);
      }
      const one = async (sql, params = []) => (await db.query(sql, params)).rows[0];
      const scores = await one(
        'SELECT count(*)::int AS rows, count(DISTINCT session_id)::int AS sessions, ' +
          'coalesce(sum(score), 0)::text AS points FROM scores.scores',
      );
      const stored = await one(
        'SELECT count(*)::int AS n FROM scores.scores WHERE session_id = ANY($1)',
        [[...acceptedSessions]],
      );
      const weekly = await one(
        'SELECT coalesce(sum(games_played), 0)::int AS games, ' +
          'coalesce(sum(total_score), 0)::text AS points FROM scores.weekly_scores',
      );
      const outbox = await one('SELECT count(*)::int AS n FROM scores.outbox');
      checks.submissions = {
        distinctGamesSent: nextGame,
        resends,
        acceptedGames: acceptedSessions.size,
        storedOfAccepted: stored.n,
        scoreRows: scores.rows,
        distinctSessions: scores.sessions,
        weeklyGamesPlayed: weekly.games,
        weeklyPointsEqualScorePoints: scores.points === weekly.points,
        allTimeBoardSize: await redis.zcard('sc:{all}:z'),
        outboxLeft: outbox.n,
        lost: acceptedSessions.size - stored.n,
        duplicated: scores.rows - scores.sessions + Math.abs(weekly.games - scores.rows),
      };
      log(`after: ${JSON.stringify(checks.submissions)}`);
    }

    if (args.only !== 'submit') {
      const get = (p) => ({ path: p, method: 'GET' });
      const weekRes = await pool.request(get(pathOf('activeWeekly')));
      const week = await weekRes.body.json();
      for (const [name, p] of readPlan.endpoints.map((read) => [
        labelOf(read),
        pathOf(read, { id: week.id }),
      ])) {
        await openLoop({
          pool,
          rate: Math.min(readRate, 2000),
          durationMs: 2000,
          request: () => get(p),
        });
        log(`${name}: ${readRate}/s for ${readDurationMs / 1000} s`);
        const meter = cpuMeter(stack.names);
        const result = await openLoop({
          pool,
          rate: readRate,
          durationMs: readDurationMs,
          request: () => get(p),
        });
        cpu[name] = meter();
        results.push(summarize(name, result));
      }
    }
  } finally {
    await pool.close();
    redis.disconnect();
    await stack.stop();
    await db.end();
  }

  const machine = machineFacts();
  const report = { at: new Date().toISOString(), args, machine, results, checks, cpu };
  const file = path.join(resultsDir, `scores-${report.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(
    '\n| Scenario | Target/s | Achieved/s | 200s | Failed | p50 ms | p90 ms | p99 ms | max ms |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.scenario} | ${r.targetRate} | ${r.okRate} | ${r.ok} | ${r.failed} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} |`,
    );
  }
  for (const [phase, { wallMs, cpuMs, checkpoints }] of Object.entries(cpu)) {
    const parts = Object.entries(cpuMs)
      .sort((a, b) => b[1] - a[1])
      .map(([group, ms]) => `${group} ${((ms / wallMs) * 100).toFixed(0)}%`);
    console.log(`CPU during ${phase} (% of one core): ${parts.join(', ')}`);
    if (checkpoints !== undefined)
      console.log(`PostgreSQL checkpoints during ${phase}: ${checkpoints}`);
  }
  console.log(`\nmachine: ${JSON.stringify(machine)}\nwritten: ${path.relative(root, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
