// Cost per trusted game (issue 14): the CPU time of every process, stores included, that a
// ranked game takes, its actions played against the server at a human pace and then its
// verified submission, all through the gateway as the browser sends them.
//
//   node scripts/build.mjs            # once: the stack runs the built code
//   node loadtest/trusted-games.mjs --game typical|long [--games 400] [--pace-ms 1500]
//        [--warmup 20] [--duration 60] [--rest 15] [--submissions 1000|200] [--submit-rate 100|40]
//        [--transport ws|http] [--game-socket gateway|direct] [--seed text] [--tree dir]
//        [--profile] [--out report.json]
//   node loadtest/trusted-games.mjs --baseline <git ref> [--rounds 3] [the options above]
//
// --tree runs another checkout's built code (its stack, stores script and engine) under this
// harness; --baseline builds <ref> in a worktree of its own and alternates runs of it and of
// this tree (loadtest/lib/trusted-baseline.mjs), printing new/old ratios. --game-socket says
// which path the game socket takes: through the gateway (as the page does today) or straight
// to the sessions service's own port. --seed makes each player's timing the same from run to
// run (the games' boards are still drawn by the server).
//
// It starts its own PostgreSQL, Redis and NATS on free ports (their CPU is this run's alone)
// and the whole stack. Two measured phases, each between two /proc snapshots:
//   actions:     --games games in progress, each sending one action every --pace-ms (±50 %,
//                on its own schedule whatever the answers do: a late answer makes the next
//                action late, and its round trip counts from when it was due), never before
//                the page could have shown the last answer (a person cannot, and the server
//                holds such a game: docs/api.md 'Move timing'); a game that ends is set aside
//                for phase 2 and its player starts a new one.
//   submissions: --submissions finished games submitted (POST /api/scores, with the game's
//                signed result when the server gives one, as the page) at --submit-rate
//                a second, open loop. Games still being played when phase 1 ends are played
//                to their end first, faster (150-450 ms after the page has shown each answer:
//                still a human's timing), and not measured.
// Actions go over the game socket (/ws/game, one per game as the game page opens it) or, with
// --transport http, as one POST each (the browser's fallback).
// Then CPU ms per action and per submission, by process; round-trip p95 of the actions and
// p99 of the submissions; what the rest of the machine used; and the rows in PostgreSQL
// against what the clients were told (every service's outbox drained). Writes
// loadtest/results/trusted-<game>-<time>.json.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { root } from '../scripts/stack.mjs';
import { requireBuilt, resultsDir, startLoadStack } from './lib/load-stack.mjs';
import { machineFacts, openLoop, percentile, round } from './lib/measure.mjs';
import { startOwnStores } from './lib/own-stores.mjs';
import { cpuBetween, processGroups } from './lib/process-cpu.mjs';
import { createGameSocket } from './lib/game-socket.mjs';
import { caller } from './lib/games.mjs';
import { rowsHold, runBaseline } from './lib/trusted-baseline.mjs';
import { trustedPlayer } from './lib/trusted-player.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
const { Sfc32, seedRng } = require(path.join(root, 'packages/engine/dist/random.js'));
const { answerDisplay } = require('@ballmatch/engine');

/**
 * How long the page needs to show an answer (the engine's, at reduced motion: its fastest). A
 * person acts only after it, and the sessions service holds a game whose actions keep coming
 * sooner (docs/api.md 'Move timing'). This harness's engine, so a baseline's runs wait alike.
 */
const shownMs = (answer) =>
  answerDisplay({
    cascadeSteps: answer.steps?.length ?? 0,
    levelUp: answer.levelUp !== undefined && answer.levelUp !== null,
  }).totalMs;

const { values: args } = parseArgs({
  options: {
    game: { type: 'string', default: 'typical' },
    games: { type: 'string', default: '400' },
    'pace-ms': { type: 'string', default: '1500' },
    warmup: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    submissions: { type: 'string' },
    'submit-rate': { type: 'string' },
    /** Seconds the stack is measured at rest between the phases. */
    rest: { type: 'string', default: '15' },
    /** Where the report goes (default loadtest/results/trusted-<game>-<time>.json). */
    out: { type: 'string' },
    connections: { type: 'string', default: '256' },
    /** How actions travel: the game socket or one HTTP request each. */
    transport: { type: 'string', default: 'ws' },
    /** Which path the game socket takes: through the gateway, or to sessions' own port. */
    'game-socket': { type: 'string', default: 'gateway' },
    /** The players' timing (start offsets, pace jitter) drawn from this; default: a new one. */
    seed: { type: 'string' },
    /** V8 CPU profiles of every stack process into loadtest/results/profiles/. */
    profile: { type: 'boolean', default: false },
    /** The checkout whose built code runs (default: this one). */
    tree: { type: 'string' },
    /** Runs of this git ref's tree alternating with runs of this one: ratios new/old. */
    baseline: { type: 'string' },
    /** With --baseline: rounds of one run each side, in the order old new, new old, … */
    rounds: { type: 'string', default: '3' },
    /** With --baseline: the old tree's game socket path (default: --game-socket's). */
    'baseline-game-socket': { type: 'string' },
  },
});
if (!['typical', 'long'].includes(args.game)) throw new Error('--game is typical or long');
if (!['ws', 'http'].includes(args.transport)) throw new Error('--transport is ws or http');
args['baseline-game-socket'] ??= args['game-socket'];
for (const option of ['game-socket', 'baseline-game-socket']) {
  if (!['gateway', 'direct'].includes(args[option])) {
    throw new Error(`--${option} is gateway or direct`);
  }
}
if (args['game-socket'] === 'direct' && args.transport !== 'ws') {
  throw new Error('--game-socket direct is a path of the game socket: it needs --transport ws');
}
const tree = path.resolve(args.tree ?? root);
const seed = args.seed ?? randomUUID();
const long = args.game === 'long';
const gameCount = Number(args.games);
const paceMs = Number(args['pace-ms']);
const submissionCount = Number(args.submissions ?? (long ? 200 : 1000));
// A phase of several seconds either way (the long games are costly to play to their end).
const submitRate = Number(args['submit-rate'] ?? (long ? 40 : 100));
const t0 = performance.now();
const log = (line) =>
  console.log(`[trusted +${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** A random number in [0, 1) from its own stream: the same name and seed, the same numbers. */
function randomStream(name) {
  const rng = new Sfc32(seedRng(`${seed}/${name}`));
  return () => rng.nextUint32() / 4294967296;
}

/** The tree's commit, and whether its tracked files differ from it. */
function treeCommit(dir) {
  const git = (...a) => execFileSync('git', ['-C', dir, ...a], { encoding: 'utf8' }).trim();
  try {
    const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
    return { commit: git('rev-parse', 'HEAD'), changed };
  } catch {
    return { commit: null, changed: null };
  }
}

/** Machine-wide busy time from /proc/stat (ms of CPU, all cores). */
function machineBusyMs() {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) * 10;
}

async function main() {
  requireBuilt(['gateway/dist/index.js', 'services/sessions/dist/index.js'], tree);
  const player = trustedPlayer(tree);
  const loadBefore = os.loadavg();
  const stores = await startOwnStores({ log, tree });
  const profileDir = path.join(resultsDir, 'profiles');
  let stack;
  try {
    stack = await startLoadStack({
      name: 'trusted',
      database: 'ballmatch',
      tree,
      log,
      env: {
        ...stores.env,
        ...(args.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
      },
    });
  } catch (error) {
    await stores.stop();
    throw error;
  }
  const gameSocketUrl = stack.gameSockets[args['game-socket']];
  if (args.transport === 'ws' && !gameSocketUrl) {
    await stack.stop();
    await stores.stop();
    console.error(
      `--game-socket direct: the stack of ${tree} gives the sessions service no game socket ` +
        `port of its own (its scripts/stack.mjs sets no GAME_WS_PORT); use --game-socket gateway`,
    );
    process.exit(1);
  }
  // Ctrl-C or a kill stops what the run started, not only the harness.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      log(`${signal}: stopping the stack and the stores`);
      await stack.stop().catch(() => {});
      await stores.stop().catch(() => {});
      process.exit(130);
    });
  }
  const groups = processGroups({ stack: stack.pids, stores: stores.pids });
  const db = new pg.Pool({ connectionString: stores.env.DATABASE_URL, max: 4 });
  const pool = new Pool(stack.base, {
    connections: Number(args.connections),
    keepAliveTimeout: 60_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
  let report;
  try {
    report = await run({ pool, db, groups, player, gameSocketUrl, base: stack.base });
  } finally {
    await pool.close().catch(() => {});
    await db.end().catch(() => {});
    log('stopping the stack and the stores');
    await stack.stop();
    await stores.stop();
  }
  report.machine = machineFacts(loadBefore);
  fs.mkdirSync(resultsDir, { recursive: true });
  const file =
    args.out ??
    path.join(resultsDir, `trusted-${args.game}-${report.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  printReport(report);
  console.log(`\nwritten: ${path.relative(root, file)}`);
  process.exitCode = rowsHold(report.checks) ? 0 : 2;
}

async function run({ pool, db, groups, player, gameSocketUrl, base }) {
  const call = caller(pool);
  /** What the clients were told: checked against PostgreSQL after the run. */
  const ledger = { sessions: [], logged: 0, ended: 0, failures: 0, retries: 0 };
  /** Answers that said which of the game's actions are durable (issue 21's `durableSeq`). */
  const answersSeen = { all: 0, withDurableSeq: 0 };
  let gameNumber = 0;
  const failed = (error) => {
    ledger.failures++;
    if (ledger.failures <= 5) log(`failure: ${error.message}`);
  };

  async function newGame() {
    const n = gameNumber++;
    const created = await call('POST', '/api/player-sessions', {
      playerName: `Trusted ${n % 5000}`,
      sessionId: randomUUID(),
      deviceFingerprint: 'loadtest'.padEnd(50, '-'),
    });
    if (long) await player.plantLongGame(db, created.id);
    ledger.sessions.push(created.id);
    return {
      id: created.id,
      credential: created.credential,
      playerName: `Trusted ${n % 5000}`,
      view: created.game,
      reward: created.offers?.reward?.id ?? null,
    };
  }

  /**
   * A request that was not answered (a 503 from an overloaded stack, a dropped connection) sent
   * again, as the browser does: an action or a submission already applied answers as the first
   * time, so what the client was told stays what PostgreSQL holds.
   */
  async function withRetries(send) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        const unanswered = !/: [1-4]\d\d /.test(error.message);
        if (!unanswered || attempt === 5) throw error;
        ledger.retries++;
        await sleep(500 * attempt);
      }
    }
  }

  /** A new game, tried again after a refusal (an overloaded stack answers 503 at times). */
  async function startGame() {
    for (;;) {
      try {
        return await newGame();
      } catch (error) {
        failed(error);
        await sleep(1000);
      }
    }
  }

  /** One action of the game; the game's view moves on. */
  async function act(game) {
    const action = long
      ? player.longPlan[game.view.seq]
      : player.greedyAction(game.view, game.reward !== null);
    if (action.type === 'extraMoves') {
      if (!game.reward) throw new Error('the long game takes the extra moves: no reward ad');
      // As the 'Watch Ad' button does: the extra moves are earned by following the ad.
      const res = await pool.request({ path: `/api/ads/go/${game.reward}`, method: 'GET' });
      await res.body.dump();
      if (res.statusCode !== 302) throw new Error(`/api/ads/go: ${res.statusCode}`);
    }
    const seq = game.view.seq;
    const answer = await withRetries(() => {
      if (args.transport === 'http') {
        const p = `/api/player-sessions/${game.id}/actions`;
        return call('POST', p, { seq, action }, game.credential);
      }
      game.socket ??= createGameSocket(gameSocketUrl);
      return game.socket.act(game.id, seq, action, game.credential);
    });
    answersSeen.all++;
    if (answer.durableSeq !== undefined) answersSeen.withDurableSeq++;
    game.view = answer.game;
    game.shownAt = performance.now() + shownMs(answer);
    if (game.view.status === 'ended') game.socket?.close();
    if (action.type !== 'end') ledger.logged++; // the end is logged as code -1, or not at all
    if (game.view.status === 'ended') ledger.ended++;
  }

  // Phase 1: the games in progress at a human pace.
  const phase = { measuring: false, stopping: false, actions: 0, starts: 0, latencies: [] };
  const finished = [];
  const unfinished = [];
  async function humanPlayer(number) {
    const random = randomStream(`player/${number}`);
    let game = await startGame();
    let due = performance.now() + random() * paceMs;
    while (!phase.stopping) {
      await sleep(due - performance.now());
      if (phase.stopping) break;
      try {
        await act(game);
        if (phase.measuring) {
          phase.latencies.push(performance.now() - due);
          phase.actions++;
        }
        if (game.view.status === 'ended') {
          finished.push(game);
          if (phase.measuring) phase.starts++;
          game = await startGame();
        }
      } catch (error) {
        failed(error);
        game.socket?.close();
        game = await startGame();
      }
      // The pace, but never before the page has shown the last answer.
      due = Math.max(due + paceMs * (0.5 + random()), game.shownAt ?? 0);
    }
    if (game.view.status !== 'ended') unfinished.push(game);
  }

  log(`phase 1: ${gameCount} ${args.game} games in progress, an action every ~${paceMs} ms`);
  const players = [];
  for (let i = 0; i < gameCount; i++) {
    players.push(humanPlayer(i));
    if (i % 20 === 19) await sleep(100); // the starts spread over a few seconds
  }
  await sleep(Number(args.warmup) * 1000);
  log(`phase 1: measuring for ${args.duration} s`);
  const a0 = { procs: groups.snapshot(), busy: machineBusyMs() };
  phase.measuring = true;
  await sleep(Number(args.duration) * 1000);
  phase.measuring = false;
  const a1 = { procs: groups.snapshot(), busy: machineBusyMs() };
  phase.stopping = true;
  await Promise.all(players);
  const actionsCpu = cpuFigures(cpuBetween(a0.procs, a1.procs), a1.busy - a0.busy);

  // The stack at rest (timers, heartbeats, the stores' own chores): what every phase pays per
  // second whatever the load, so the per-unit figures are also given with it taken out.
  await sleep(3000);
  log(`at rest: measuring for ${args.rest} s`);
  const i0 = groups.snapshot();
  await sleep(Number(args.rest) * 1000);
  const idle = cpuBetween(i0, groups.snapshot());
  const idlePerSecond = Object.fromEntries(
    Object.entries(idle.cpuMs).map(([g, ms]) => [g, ms / (idle.wallMs / 1000)]),
  );

  // Between the phases: enough finished games, the rest played to their end (not measured).
  const toFinish = unfinished.slice(0, Math.max(0, submissionCount - finished.length));
  while (finished.length + toFinish.length < submissionCount) toFinish.push(await startGame());
  log(
    `${finished.length} games finished in phase 1; playing ${toFinish.length} more to their ` +
      `end, an action 150-450 ms after the page has shown the last answer`,
  );
  await Promise.all(
    toFinish.map(async (game, i) => {
      const random = randomStream(`finish/${i}`);
      try {
        while (game.view.status !== 'ended') {
          await sleep((game.shownAt ?? 0) - performance.now() + 150 + random() * 300);
          await act(game);
        }
        finished.push(game);
      } catch (error) {
        failed(error);
      }
    }),
  );

  // Phase 2: submissions of finished games, open loop; a few first to warm up (not measured).
  const submitted = finished.slice(0, submissionCount);
  // As the page posts it: with the game's result the server signed at its end, when the
  // tree's server gives one (one step: scores asks sessions nothing); else read from sessions.
  const body = (g) => ({
    playerName: g.playerName,
    score: g.view.score,
    level: g.view.level.currentLevel,
    moves: g.view.totalMoves,
    sessionId: g.id,
    ...(g.view.result ? { result: g.view.result } : {}),
  });
  const post = (g) => ({
    path: '/api/scores',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-credential': g.credential },
    body: JSON.stringify(body(g)),
  });
  const answers = new Map();
  const unanswered = [];
  const onAnswer = (games) => (i, status, text) => {
    if (status === 200) answers.set(games[i].id, JSON.parse(text));
    else if (status >= 500) unanswered.push(games[i]);
    else failed(new Error(`POST /api/scores: ${status} ${text.slice(0, 200)}`));
  };
  const rate = submitRate;
  const warm = submitted.slice(0, Math.min(50, Math.floor(submitted.length / 10)));
  const timed = submitted.slice(warm.length);
  await openLoop({
    pool,
    rate: Math.min(rate, 50),
    durationMs: (warm.length / Math.min(rate, 50)) * 1000,
    request: (i) => post(warm[i]),
    onAnswer: onAnswer(warm),
  });
  log(`phase 2: ${timed.length} submissions at ${rate}/s`);
  const s0 = { procs: groups.snapshot(), busy: machineBusyMs() };
  const submitting = await openLoop({
    pool,
    rate,
    durationMs: (timed.length / rate) * 1000,
    request: (i) => post(timed[i]),
    onAnswer: onAnswer(timed),
  });
  const s1 = { procs: groups.snapshot(), busy: machineBusyMs() };
  const submitCpu = cpuFigures(cpuBetween(s0.procs, s1.procs), s1.busy - s0.busy);

  // The submissions the overloaded stack did not answer, sent again (not measured).
  for (const game of unanswered) {
    ledger.retries++;
    try {
      answers.set(
        game.id,
        await withRetries(() => call('POST', '/api/scores', body(game), game.credential)),
      );
    } catch (error) {
      failed(error);
    }
  }

  // Resends (a client retrying): answered as the first time, never stored twice.
  const resent = submitted.filter((_, i) => i % 20 === 7);
  let resendsDiffering = 0;
  for (const game of resent) {
    const again = await call('POST', '/api/scores', body(game), game.credential);
    if (again.id !== answers.get(game.id)?.id) resendsDiffering++;
  }

  const checks = await countRows(db, { ledger, finished, submitted, answers, resendsDiffering });
  const actionLatency = Float64Array.from(phase.latencies).sort();
  const submitLatency = Float64Array.from(submitting.latencies).sort();
  const perUnit = (cpu, units) =>
    Object.fromEntries(Object.entries(cpu.groups).map(([g, ms]) => [g, round(ms / units, 3)]));
  /** Per unit with the stack's CPU at rest over the same time taken out (never below 0). */
  const netPerUnit = (cpu, units) =>
    Object.fromEntries(
      Object.entries(cpu.groups)
        .filter(([g]) => g !== 'load generator' && g !== 'other processes')
        .map(([g, ms]) => {
          const rest = ((idlePerSecond[g] ?? 0) * cpu.wallMs) / 1000;
          return [g, round(Math.max(0, ms - rest) / units, 3)];
        }),
    );
  const netTotal = (byProcess) =>
    round(
      Object.values(byProcess).reduce((sum, ms) => sum + ms, 0),
      3,
    );
  // Answered in time; the rest were applied too (the stack answers late, the gateway gives up).
  const accepted = timed.length - unanswered.filter((g) => timed.includes(g)).length;
  return {
    at: new Date().toISOString(),
    args,
    seed,
    tree: { root: tree, ...treeCommit(tree) },
    /** The path the actions took, and whether the answers carried `durableSeq`. */
    path: {
      transport: args.transport,
      gameSocket: args.transport === 'ws' ? args['game-socket'] : null,
      url: args.transport === 'ws' ? gameSocketUrl : '/api/player-sessions/{id}/actions',
      /** The gateway, which every other request of the run goes through. */
      gateway: base,
      answers: answersSeen.all,
      answersWithDurableSeq: answersSeen.withDurableSeq,
    },
    machine: machineFacts(),
    actions: {
      gamesInProgress: gameCount,
      actions: phase.actions,
      perSecond: round(phase.actions / (actionsCpu.wallMs / 1000)),
      gamesStartedMeanwhile: phase.starts,
      roundTripMs: latencyFigures(actionLatency),
      stackCpuMsPerAction: round(actionsCpu.stackMs / phase.actions, 3),
      cpuMsPerActionByProcess: perUnit(actionsCpu, phase.actions),
      netStackCpuMsPerAction: netTotal(netPerUnit(actionsCpu, phase.actions)),
      netCpuMsPerActionByProcess: netPerUnit(actionsCpu, phase.actions),
      cpu: actionsCpu,
    },
    submissions: {
      submitted: timed.length,
      accepted,
      perSecond: round(submitting.completed / (submitting.elapsedMs / 1000)),
      actionsPerGame: round(
        timed.reduce((sum, g) => sum + g.view.seq, 0) / Math.max(1, timed.length),
      ),
      latencyMs: latencyFigures(submitLatency),
      unansweredInTime: unanswered.length,
      stackCpuMsPerSubmission: round(submitCpu.stackMs / Math.max(1, timed.length), 3),
      cpuMsPerSubmissionByProcess: perUnit(submitCpu, Math.max(1, timed.length)),
      netStackCpuMsPerSubmission: netTotal(netPerUnit(submitCpu, Math.max(1, timed.length))),
      netCpuMsPerSubmissionByProcess: netPerUnit(submitCpu, Math.max(1, timed.length)),
      cpu: submitCpu,
    },
    atRest: {
      wallMs: Math.round(idle.wallMs),
      cpuMsPerSecond: Object.fromEntries(
        Object.entries(idlePerSecond).map(([g, ms]) => [g, round(ms, 1)]),
      ),
    },
    checks,
  };
}

const latencyFigures = (sorted) => ({
  p50: round(percentile(sorted, 50)),
  p95: round(percentile(sorted, 95)),
  p99: round(percentile(sorted, 99)),
  max: round(sorted[sorted.length - 1] ?? 0),
});

/** CPU ms per process group; the stack's (stores included) total; the rest of the machine. */
function cpuFigures({ wallMs, cpuMs }, machineBusy) {
  const stackMs = Object.entries(cpuMs)
    .filter(([g]) => g !== 'load generator' && g !== 'other processes')
    .reduce((sum, [, ms]) => sum + ms, 0);
  const found = Object.values(cpuMs).reduce((sum, ms) => sum + ms, 0);
  // Processes that started and ended within the phase are in neither snapshot.
  const exited = Math.max(0, machineBusy - found);
  return {
    wallMs: Math.round(wallMs),
    stackMs,
    groups: Object.fromEntries(Object.entries(cpuMs).sort((a, b) => b[1] - a[1])),
    restOfMachineMs: (cpuMs['other processes'] ?? 0) + exited,
    machineBusyPercentOfOneCore: round((machineBusy / wallMs) * 100),
  };
}

/** Rows left in each service's outbox (every schema's `outbox` table), by schema. */
async function outboxRows(db) {
  const { rows: tables } = await db.query(
    `SELECT table_schema AS schema FROM information_schema.tables
      WHERE table_name = 'outbox' ORDER BY table_schema`,
  );
  if (tables.length === 0) return {};
  const { rows } = await db.query(
    tables
      .map(
        ({ schema }) =>
          `SELECT ${pg.escapeLiteral(schema)} AS schema, count(*)::int AS n ` +
          `FROM ${pg.escapeIdentifier(schema)}.outbox`,
      )
      .join(' UNION ALL '),
  );
  return Object.fromEntries(rows.map(({ schema, n }) => [schema, n]));
}

const sumOf = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** The rows in PostgreSQL against what the clients were told (outboxes drained first). */
async function countRows(db, { ledger, finished, submitted, answers, resendsDiffering }) {
  const one = async (sql, params = []) => (await db.query(sql, params)).rows[0];
  for (let i = 0; i < 150; i++) {
    if (sumOf(await outboxRows(db)) === 0) break;
    await sleep(200);
  }
  const sessions = ledger.sessions;
  const scoredIds = [...answers.keys()];
  const played = await one(
    `SELECT (SELECT count(*)::int FROM sessions.sessions WHERE id = ANY($1)) AS sessions,
            (SELECT count(*)::int FROM sessions.game_actions
              WHERE session_id = ANY($1) AND code >= 0) AS actions,
            (SELECT count(*)::int FROM sessions.games
              WHERE session_id = ANY($1) AND status = 'ended') AS ended`,
    [sessions],
  );
  const stored = await one(
    `SELECT count(*)::int AS rows, count(DISTINCT session_id)::int AS sessions,
            count(*) FILTER (WHERE session_id = ANY($2))::int AS acknowledged,
            count(*) FILTER (WHERE review_state = 'held')::int AS held
       FROM scores.scores WHERE session_id = ANY($1)`,
    [sessions, scoredIds],
  );
  const weekly = await one(
    'SELECT coalesce(sum(games_played), 0)::int AS games FROM scores.weekly_scores',
  );
  const outbox = await outboxRows(db);
  const onBoards = [...answers.values()].filter((a) =>
    ['accepted', 'cleared'].includes(a.reviewState),
  ).length;
  const mismatches = [];
  const expect = (what, told, rows) => {
    if (told !== rows) mismatches.push({ what, told, rows });
    return { what, told, rows };
  };
  const table = [
    expect('games started (sessions.sessions)', sessions.length, played.sessions),
    expect('actions applied (sessions.game_actions)', ledger.logged, played.actions),
    expect('games ended (sessions.games)', ledger.ended, played.ended),
    expect('scores accepted (scores.scores)', answers.size, stored.rows),
    // A score held for review is on no board until cleared (docs/api.md 'Review').
    expect('weekly games (scores.weekly_scores)', onBoards, weekly.games),
  ];
  return {
    table,
    gamesFinished: finished.length,
    gamesSubmitted: submitted.length,
    scoresHeldForReview: stored.held,
    resends: { sent: resendsDiffering === 0 ? 'all answered as the first time' : 'differed' },
    resendsDiffering,
    outboxLeft: sumOf(outbox),
    /** Every service's outbox, by schema (each should be empty). */
    outboxLeftBySchema: outbox,
    failures: ledger.failures,
    retries: ledger.retries,
    lost: Math.max(0, answers.size - stored.acknowledged),
    duplicated: stored.rows - stored.sessions,
    mismatches,
  };
}

function printReport(r) {
  const a = r.actions;
  const s = r.submissions;
  const over =
    r.path.transport === 'ws' ? `the game socket (${r.path.gameSocket}: ${r.path.url})` : 'HTTP';
  console.log(`\n${r.args.game} games, ${a.gamesInProgress} in progress, actions over ${over}`);
  console.log(
    `tree ${r.tree.root} at ${r.tree.commit?.slice(0, 12)}${r.tree.changed ? ' (changed)' : ''}` +
      `; seed ${r.seed}; answers with durableSeq: ${r.path.answersWithDurableSeq}/${r.path.answers}`,
  );
  console.log(
    `actions: ${a.actions} (${a.perSecond}/s), round trip p50 ${a.roundTripMs.p50} ` +
      `p95 ${a.roundTripMs.p95} p99 ${a.roundTripMs.p99} ms; stack CPU ` +
      `${a.stackCpuMsPerAction} ms per action`,
  );
  console.log(`  by process (ms per action): ${JSON.stringify(a.cpuMsPerActionByProcess)}`);
  console.log(
    `  net of the stack at rest: ${a.netStackCpuMsPerAction} ms per action ` +
      JSON.stringify(a.netCpuMsPerActionByProcess),
  );
  console.log(
    `submissions: ${s.accepted}/${s.submitted} accepted (${s.perSecond}/s, ` +
      `${s.actionsPerGame} actions a game), p50 ${s.latencyMs.p50} p99 ${s.latencyMs.p99} ms; ` +
      `stack CPU ${s.stackCpuMsPerSubmission} ms per submission`,
  );
  console.log(`  by process (ms per submission): ${JSON.stringify(s.cpuMsPerSubmissionByProcess)}`);
  console.log(
    `  net of the stack at rest: ${s.netStackCpuMsPerSubmission} ms per submission ` +
      JSON.stringify(s.netCpuMsPerSubmissionByProcess),
  );
  const perGame = (action, submission) => round(action * s.actionsPerGame + submission, 1);
  console.log(
    `per game: ${perGame(a.stackCpuMsPerAction, s.stackCpuMsPerSubmission)} ms ` +
      `(net of the stack at rest: ${perGame(a.netStackCpuMsPerAction, s.netStackCpuMsPerSubmission)} ms)`,
  );
  console.log(`stack at rest (CPU ms a second): ${JSON.stringify(r.atRest.cpuMsPerSecond)}`);
  console.log(
    `rest of the machine: ${JSON.stringify({ actions: a.cpu.restOfMachineMs, submissions: s.cpu.restOfMachineMs })} ms`,
  );
  console.log(`rows: ${JSON.stringify(r.checks, null, 1)}`);
  if (r.checks.scoresHeldForReview > 0) {
    console.log(
      `warning: ${r.checks.scoresHeldForReview} scores were held for review (the players' ` +
        `timing was judged): a held score goes on no board, so those submissions did not take ` +
        `the accepted score's path`,
    );
  }
}

const entry =
  args.baseline === undefined
    ? main
    : () => runBaseline({ args, harness: fileURLToPath(import.meta.url), log });
entry().catch((error) => {
  console.error(error);
  process.exit(1);
});
