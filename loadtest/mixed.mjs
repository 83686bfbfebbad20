// The mixed player workload (issue 13's load suite; the measuring tool of issue 14): visits
// arrive on an open-loop schedule, ramping step by step, each loading the home page's boards and
// ads, holding a WebSocket, and (a share of them) playing one ranked game at a human pace and
// submitting it (loadtest/scenarios/mixed.json). The ramp stops at the first step whose p99
// passes the limit (200 ms). Per step: the mix rate, per-endpoint p50/p95/p99, errors, and the
// CPU time of every process (each service, the gateway, PostgreSQL, Redis, NATS, the load
// generator, the rest of the machine) per request and per submitted game. After the run, the
// rows in PostgreSQL are counted against what the clients were told (nothing lost or doubled).
//
//   node scripts/build.mjs                       # once: the stack runs the built code
//   npm run load                                 # = node loadtest/mixed.mjs
//   node loadtest/mixed.mjs [--start 3] [--factor 1.3] [--step 45] [--fill 60] [--max-steps 12]
//                           [--p99 200] [--pace-ms 1500] [--shared-stores] [--smoke]
//   node loadtest/mixed.mjs --url http://host:8080 [--database-url postgres://…]
//                           [--admin-user U --admin-password P]   # against a running stack
//
// By default it starts its own PostgreSQL, Redis and NATS on free ports (their CPU is then
// this run's alone) and the whole stack on free ports, with a Stripe stand-in to pay for the
// seeded ads. Writes loadtest/results/mixed-<time>.json and prints the tables.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { Pool } from 'undici';
import { root } from '../scripts/stack.mjs';
import { requireBuilt, resultsDir, startLoadStack } from './lib/load-stack.mjs';
import { machineFacts, round } from './lib/measure.mjs';
import { StepStats } from './lib/mixed-stats.mjs';
import { newLedger, visitor } from './lib/mixed-visit.mjs';
import { seedAds } from './lib/mixed-seed.mjs';
import { startOwnStores } from './lib/own-stores.mjs';
import { freePorts } from '@ballmatch/platform/testing';
import { cpuBetween, processGroups } from './lib/process-cpu.mjs';
import { countRows, rowsBefore } from './lib/mixed-rows.mjs';
import { printReport } from './lib/mixed-report.mjs';

// The Stripe stand-in the seeded ads are paid through is the ads tests' TypeScript, which
// needs Node's type transform (not only type stripping): run again with it.
if (!process.execArgv.includes('--experimental-transform-types')) {
  const again = spawnSync(
    process.execPath,
    [
      '--experimental-transform-types',
      '--disable-warning=ExperimentalWarning',
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  process.exit(again.status ?? 1);
}

const require = createRequire(import.meta.url);
const pg = require('pg');

const scenarioFile = path.join(root, 'loadtest/scenarios/mixed.json');
const scenario = JSON.parse(fs.readFileSync(scenarioFile, 'utf8'));
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    'database-url': { type: 'string' },
    'admin-user': { type: 'string' },
    'admin-password': { type: 'string' },
    'shared-stores': { type: 'boolean', default: false },
    start: { type: 'string', default: String(scenario.ramp.startVisitsPerSecond) },
    factor: { type: 'string', default: String(scenario.ramp.factor) },
    step: { type: 'string', default: String(scenario.ramp.stepSeconds) },
    fill: { type: 'string', default: String(scenario.ramp.fillSeconds) },
    'max-steps': { type: 'string', default: String(scenario.ramp.maxSteps) },
    p99: { type: 'string', default: String(scenario.ramp.p99LimitMs) },
    'pace-ms': { type: 'string', default: String(scenario.visit.game.actionPaceMs) },
    connections: { type: 'string', default: '256' },
    /** A few seconds at a tiny rate, short games: that the harness works (npm test). */
    smoke: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
if (args.smoke) {
  Object.assign(args, { start: '2', factor: '1', step: '4', fill: '2', 'max-steps': '1' });
  Object.assign(args, { 'pace-ms': '150' });
  scenario.visit.game.maxActions = 6;
  scenario.visit.game.sessionUpdateEvery = 3;
  scenario.visit.socket.browserHoldMs = 2000;
}
scenario.visit.game.actionPaceMs = Number(args['pace-ms']);
const t0 = performance.now();
const log = (line) =>
  console.log(`[mixed +${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!args.url) requireBuilt(['gateway/dist/index.js', 'services/ads/dist/index.js']);

/** Machine-wide busy share from /proc/stat (all CPUs): what no process list misses. */
function machineTicks() {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  return {
    busy: user + nice + system + irq + softirq + steal,
    all: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/** Starts what the run needs: stores, Stripe stand-in, stack; or takes the given URL. */
async function setUp() {
  if (args.url) {
    return {
      base: args.url.replace(/\/$/, ''),
      databaseUrl: args['database-url'],
      groups: processGroups(),
      admin: args['admin-user']
        ? { username: args['admin-user'], password: args['admin-password'] }
        : null,
      stop: async () => {},
    };
  }
  const stores = args['shared-stores'] ? null : await startOwnStores({ log });
  const admin = { username: 'load_admin', password: randomBytes(12).toString('hex') };
  const database = stores ? 'ballmatch' : 'bm_loadtest_mixed';
  let standIn;
  let stack;
  try {
    const { startStripeStandIn } = await import('../services/ads/test/stripe-stand-in.ts');
    const [gatewayPort] = await freePorts(1);
    standIn = await startStripeStandIn({
      webhookUrl: `http://127.0.0.1:${gatewayPort}/api/payments/stripe/webhook`,
    });
    stack = await startLoadStack({
      name: 'mixed',
      database,
      gatewayPort,
      log,
      env: {
        ...(stores?.env ?? {}),
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        STRIPE_API_BASE: standIn.apiBase,
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
        MAX_CONNECTIONS_PER_IP: '1000000',
        ADS_FLUSH_MS: '1000',
      },
    });
  } catch (error) {
    await standIn?.close();
    await stores?.stop();
    throw error;
  }
  return {
    base: stack.base,
    databaseUrl: stores?.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${database}`,
    groups: processGroups({ stack: stack.pids, stores: stores?.pids }),
    admin,
    standIn,
    stop: async () => {
      log('stopping the stack');
      await stack.stop();
      log('stopping the stand-in and the stores');
      await standIn.close();
      await stores?.stop();
      log('stopped');
    },
  };
}

/**
 * Which statuses count as success, per endpoint (impressions 204, the ad link 302; an update
 * that arrived after the game's end, 422).
 */
const expected = (name) =>
  name.endsWith('Impression')
    ? [204]
    : name === 'rewardClick'
      ? [302]
      : name === 'sessionUpdateAfterEnd'
        ? [422]
        : [200];

async function main() {
  const loadBefore = os.loadavg();
  const env = await setUp();
  const db = env.databaseUrl ? new pg.Client(env.databaseUrl) : null;
  const pool = new Pool(env.base, {
    connections: Number(args.connections),
    keepAliveTimeout: 60_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const stats = new StepStats();
  const ledger = newLedger();
  let stop;
  const run = { stopping: false, stopped: new Promise((r) => (stop = r)), failuresLogged: 0 };
  const steps = [];
  let checks = null;
  try {
    if (env.admin && env.standIn) await seedAds({ ...env, log });
    await db?.connect();
    const before = db ? await rowsBefore(db) : null;
    const week = await (await fetch(`${env.base}/api/weekly-leaderboards/active`)).json();
    run.weekId = week.id;
    const visit = visitor({
      pool,
      wsUrl: `${env.base.replace(/^http/, 'ws')}/ws`,
      scenario,
      stats,
      ledger,
      run,
      log,
    });

    // Arrivals: evenly spaced at the current rate, on schedule whatever the answers do.
    const visits = new Set();
    let rate = Number(args.start);
    let arrivals = 0;
    stats.begin('fill', rate);
    const pump = (async () => {
      let next = performance.now();
      while (!run.stopping) {
        const now = performance.now();
        while (next <= now && !run.stopping) {
          const p = visit(next, arrivals++).catch((error) => log(`visit failed: ${error.stack}`));
          visits.add(p);
          p.finally(() => visits.delete(p));
          next += 1000 / rate;
        }
        await sleep(Math.max(1, Math.min(20, next - performance.now())));
      }
    })();

    const snap = () => ({ procs: env.groups.snapshot(), ticks: machineTicks() });
    log(`fill: ${rate} visits/s for ${args.fill} s (not reported)`);
    await sleep(Number(args.fill) * 1000);
    const limit = Number(args.p99);
    const maxSteps = Number(args['max-steps']);
    let startSnap = snap();
    for (let k = 0; k < maxSteps; k++) {
      rate = Number(args.start) * Number(args.factor) ** k;
      // Step 1 begins here; each later one began where the one before ended.
      const index = k === 0 ? stats.begin('1', rate) : stats.steps.length - 1;
      log(`step ${k + 1}: ${round(rate, 2)} visits/s for ${args.step} s`);
      await sleep(Number(args.step) * 1000);
      const endSnap = snap();
      stats.end();
      if (k + 1 < maxSteps) {
        // The next step runs while this one's late answers come in.
        rate = Number(args.start) * Number(args.factor) ** (k + 1);
        stats.begin(`${k + 2} (cut short)`, rate);
      }
      await stats.settled(index);
      const summary = stats.summary(index, expected);
      const cpu = cpuBetween(startSnap.procs, endSnap.procs);
      const ticks = {
        busy: endSnap.ticks.busy - startSnap.ticks.busy,
        all: endSnap.ticks.all - startSnap.ticks.all,
      };
      startSnap = endSnap;
      steps.push({ ...summary, cpu: cpuFigures(cpu, ticks, summary) });
      log(
        `step ${k + 1}: ${summary.requestsPerSecond} req/s, p50 ${summary.p50} p95 ${summary.p95} ` +
          `p99 ${summary.p99} ms, ${summary.failed} failed`,
      );
      if (summary.p99 > limit) {
        log(`p99 ${summary.p99} ms passed ${limit} ms: the ramp stops`);
        break;
      }
      // The next step started at the boundary: keep its window as begun.
      if (k + 1 < maxSteps) stats.steps.at(-1).label = `${k + 2}`;
    }
    run.stopping = true;
    stop();
    await pump;
    log(`stopping: waiting for ${visits.size} visits to leave`);
    let timer;
    await Promise.race([Promise.all(visits), new Promise((r) => (timer = setTimeout(r, 30_000)))]);
    clearTimeout(timer);
    if (db) checks = await countRows(db, ledger, before, log);
  } finally {
    run.stopping = true;
    stop();
    await pool.close().catch(() => {});
    await db?.end().catch(() => {});
    await env.stop();
  }

  const machine = machineFacts(loadBefore);
  const underLimit = steps.filter((s) => s.p99 <= Number(args.p99));
  const report = {
    at: new Date().toISOString(),
    args,
    machine,
    stores: args.url ? 'given' : args['shared-stores'] ? 'shared' : 'own',
    scenario: scenario.visit,
    endpoints: scenario.endpoints,
    sustained: underLimit.at(-1) ?? null,
    steps,
    checks,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = args.out ?? path.join(resultsDir, `mixed-${report.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  printReport(report);
  console.log(`\nwritten: ${path.relative(root, path.resolve(file))}`);
  const bad = checks && (checks.lost > 0 || checks.duplicated > 0 || checks.mismatches.length > 0);
  process.exitCode = bad ? 2 : 0;
}

/** CPU per process group: % of one core, ms per request and per submitted game. */
function cpuFigures({ wallMs, cpuMs }, ticks, summary) {
  const server = Object.entries(cpuMs)
    .filter(([g]) => g !== 'load generator' && g !== 'other processes')
    .reduce((sum, [, ms]) => sum + ms, 0);
  // Processes that started and ended within the step (other people's short test runs) are in
  // no snapshot: the machine's own busy time (/proc/stat) minus what was found is theirs.
  const found = Object.values(cpuMs).reduce((sum, ms) => sum + ms, 0);
  const exited = ticks.busy * 10 - found; // /proc/stat counts in USER_HZ (100) ticks
  const measured = exited > 0 ? { ...cpuMs, 'processes that exited meanwhile': exited } : cpuMs;
  const groups = Object.fromEntries(
    Object.entries(measured)
      .sort((a, b) => b[1] - a[1])
      .map(([g, ms]) => [
        g,
        {
          cpuSeconds: round(ms / 1000, 2),
          percentOfCore: round((ms / wallMs) * 100),
          msPerRequest: round(ms / Math.max(1, summary.requests), 3),
        },
      ]),
  );
  return {
    wallSeconds: round(wallMs / 1000, 1),
    machineBusyPercent: round((ticks.busy / Math.max(1, ticks.all)) * 100),
    stackCpuSeconds: round(server / 1000, 2),
    stackMsPerRequest: round(server / Math.max(1, summary.requests), 3),
    stackMsPerSubmittedGame: summary.gamesSubmitted
      ? round(server / summary.gamesSubmitted, 1)
      : null,
    groups,
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
