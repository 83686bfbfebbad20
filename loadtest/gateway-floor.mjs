// Gateway overhead against the floor (issue 14): a hot cached board read through the gateway
// (GET /api/scores/top?limit=10, as the home page asks) against a bare node:http server
// answering the same status, headers and body bytes, both driven by the same client (wrk, one
// thread) in alternating rounds of one run: floor, gateway, floor, gateway, ...
//
//   node scripts/build.mjs                 # once: the stack runs the built code
//   node loadtest/gateway-floor.mjs [--rounds 4] [--seconds 10] [--connections 32]
//                                   [--warmup 5] [--path /api/scores/top?limit=10]
//                                   [--profile] [--shared-stores] [--log-level info]
//                                   [--baseline <another build's gateway/dist/index.js>]
//
// Starts its own PostgreSQL, Redis and NATS on free ports (--shared-stores: the machine's),
// the whole stack on free ports, seeds the board with real ranked games submitted through the
// gateway, then starts the measured gateway as one more replica of its own (the same built
// code and configuration, LOG_LEVEL=info and metrics on as deployed; its log goes straight to
// loadtest/results/gateway-floor-gateway.log) so its CPU time and profile are its alone.
// Reports requests/s, p50/p99, the ratio, and CPU ms per 1,000 requests of the gateway, the
// floor and Redis. --profile writes the measured gateway's V8 CPU profile to
// loadtest/results/profiles/ (summarise with node loadtest/lib/profile-summary.mjs <file>).
// --baseline measures another build of the gateway in the same rounds (floor, gateway,
// baseline, ...): a before/after under the same machine load.
// Needs wrk (Debian: apt-get install wrk; installed here when running as root).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Pool } from 'undici';
import { ensureDatastores, findBinary } from '../scripts/datastores.mjs';
import { processes, root, startStack } from '../scripts/stack.mjs';
import { makeGames } from './lib/games.mjs';
import { requireBuilt, resultsDir } from './lib/load-stack.mjs';
import { startOwnStores } from './lib/own-stores.mjs';
import { freePorts } from '@ballmatch/platform/testing';
import { PORT_NAMES, portsFrom } from '@ballmatch/kit';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    path: { type: 'string', default: '/api/scores/top?limit=10' },
    games: { type: 'string', default: '16' },
    profile: { type: 'boolean', default: false },
    /** The measured gateway's LOG_LEVEL (info as deployed: one line per request). */
    'log-level': { type: 'string', default: 'info' },
    /**
     * Another build of the gateway (its dist/index.js) measured in the same rounds as a third
     * target, `baseline`: a before/after under the same machine load.
     */
    baseline: { type: 'string' },
    'shared-stores': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const log = (line) => console.log(`[gateway-floor] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

requireBuilt(['gateway/dist/index.js', 'services/scores/dist/index.js']);

/** wrk from PATH; installed from Debian's packages when missing and running as root. */
function ensureWrk() {
  if (findBinary('wrk')) return findBinary('wrk');
  if (process.getuid?.() !== 0 || !findBinary('apt-get')) {
    console.error('wrk is missing. Install it, then run again:\n  sudo apt-get install -y wrk');
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log('installing wrk (apt-get install -y wrk)');
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], {
    stdio: 'inherit',
    env,
  });
  return findBinary('wrk');
}

/** CPU ms (user + system, all threads) a process has used so far, from /proc. */
function cpuMs(pid) {
  if (!pid) return 0;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100
}

/** Machine-wide busy CPU ms (all cores), from /proc/stat: how loaded the machine was. */
function machineBusyMs() {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = f.map(Number);
  return (user + nice + system + irq + softirq + steal) * 10;
}

/** Spawns a node process and resolves once `ready(child)` resolves; the child dies with us. */
function spawnNode(argv, options) {
  const child = spawn(process.execPath, argv, { cwd: root, ...options });
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function waitHttp(url, deadlineMs = 60_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`not ready after ${deadlineMs} ms: ${url}`);
}

/** Stores, the stack, and the measured gateway replica (its env is the stack gateway's). */
async function setUp() {
  const stores = args['shared-stores'] ? null : await startOwnStores({ log });
  if (!stores) await ensureDatastores({ log: () => {} });
  // The stack's ports (the kit's list), then the measured gateways' and their metrics'.
  const ports = await freePorts(PORT_NAMES.length + 4);
  const stackPorts = portsFrom(ports);
  const [measuredPort, measuredMetricsPort, baselinePort, baselineMetricsPort] = ports.slice(
    PORT_NAMES.length,
  );
  const runId = randomBytes(4).toString('hex');
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-floor-keys-'));
  fs.mkdirSync(resultsDir, { recursive: true });
  const stackLog = fs.createWriteStream(path.join(resultsDir, 'gateway-floor-stack.log'));
  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: stores?.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bm_gw_floor',
    ...(stores ? { REDIS_URL: stores.env.REDIS_URL, NATS_URL: stores.env.NATS_URL } : {}),
    REDIS_KEY_PREFIX: `gf:${runId}:`,
    NATS_SUBJECT_PREFIX: `gf_${runId}.`,
    JWT_DEV_KEY_DIR: keyDir,
    METRICS_PORT: 'off',
    // One load generator sends everything from one address: the per-address limits lifted
    // (the limiter itself still runs on every request).
    RATE_LIMIT_API_PER_MINUTE: '1000000000',
    RANKED_STARTS_PER_HOUR_PER_ADDRESS: '100000',
  };
  log(`starting the stack (database ${env.DATABASE_URL.split('/').pop()})`);
  const stack = await startStack({ ...stackPorts, env, log: (line) => stackLog.write(line) });

  // The measured replica: configured as deployed (request log lines at info, /metrics served).
  const gatewayEnv = processes(stackPorts).find((p) => p.name === 'gateway').env;
  const logs = [];
  async function startMeasured(name, entry, port, metricsPort) {
    const logFile = fs.openSync(path.join(resultsDir, `gateway-floor-${name}.log`), 'w');
    logs.push(logFile);
    const child = spawnNode(
      [
        ...(args.profile
          ? ['--cpu-prof', `--cpu-prof-dir=${path.join(resultsDir, 'profiles')}`]
          : []),
        entry,
      ],
      {
        env: {
          ...process.env,
          ...env,
          ...gatewayEnv,
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: args['log-level'],
          METRICS_PORT: String(metricsPort),
        },
        stdio: ['ignore', logFile, logFile],
      },
    );
    await waitHttp(`http://127.0.0.1:${port}/readyz`);
    log(`measured ${name} :${port} (pid ${child.pid}, ${path.relative(root, entry)})`);
    return { child, base: `http://127.0.0.1:${port}` };
  }
  const measured = await startMeasured(
    'gateway',
    path.join(root, 'gateway/dist/index.js'),
    measuredPort,
    measuredMetricsPort,
  );
  const baseline = args.baseline
    ? await startMeasured(
        'baseline',
        path.resolve(args.baseline),
        baselinePort,
        baselineMetricsPort,
      )
    : null;

  return {
    stackBase: `http://127.0.0.1:${stackPorts.gatewayPort}`,
    base: measured.base,
    gatewayPid: measured.child.pid,
    baseline: baseline && { base: baseline.base, pid: baseline.child.pid },
    /** Redis's pid when the run started its own (the shared one serves others too). */
    redisPid: () => stores?.pids().redis,
    async stop() {
      log('stopping');
      await stopChild(measured.child);
      if (baseline) await stopChild(baseline.child);
      for (const file of logs) fs.closeSync(file);
      await stack.stop();
      stackLog.end();
      await stores?.stop();
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

/** Real ranked games played and submitted through the stack's gateway: the board's rows. */
async function seedBoard(base) {
  const pool = new Pool(base, { connections: 16 });
  try {
    const games = await makeGames(pool, Number(args.games));
    let accepted = 0;
    for (const g of games) {
      const res = await pool.request({
        path: '/api/scores',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-credential': g.credential },
        body: JSON.stringify({
          playerName: g.playerName,
          score: g.score,
          level: g.level,
          moves: g.moves,
          sessionId: g.sessionId,
        }),
      });
      const answer = await res.body.json();
      if (res.statusCode !== 200) throw new Error(`submission: ${res.statusCode}`);
      if (answer.reviewState === 'accepted') accepted++;
    }
    log(`board: ${games.length} games submitted, ${accepted} on the board`);
  } finally {
    await pool.close();
  }
}

// Set by the floor and the transport for each answer, not part of what the gateway chose.
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The hot read's answer as a client sees it: status, headers and body bytes. */
async function capture(url) {
  // A connection of its own: a pooled one may have been closed by the server while idle.
  const { origin, pathname, search } = new URL(url);
  const client = new Client(origin);
  try {
    const res = await client.request({ path: pathname + search, method: 'GET' });
    const body = Buffer.from(await res.body.arrayBuffer());
    const headers = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
    }
    return { status: res.statusCode, headers, body };
  } finally {
    await client.close();
  }
}

async function startFloor(captured) {
  const file = path.join(resultsDir, 'gateway-floor-response.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      status: captured.status,
      headers: captured.headers,
      bodyBase64: captured.body.toString('base64'),
    }),
  );
  const child = spawnNode([path.join(root, 'loadtest/lib/floor-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
    child.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk)).port));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** One wrk run; its JSON summary plus the CPU the target (and Redis) used meanwhile. */
function runWrk(wrk, url, seconds, pids) {
  const before = pids.map(cpuMs);
  const busyBefore = machineBusyMs();
  const out = execFileSync(
    wrk,
    [
      '-t1',
      `-c${args.connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      path.join(root, 'loadtest/lib/wrk-report.lua'),
      url,
    ],
    { encoding: 'utf8' },
  );
  const used = pids.map((pid, i) => cpuMs(pid) - before[i]);
  const summary = JSON.parse(out.trim().split('\n').pop());
  const seconds_ = summary.durationUs / 1e6;
  const per1000 = (ms) => Math.round((ms / summary.requests) * 1000 * 100) / 100;
  return {
    requests: summary.requests,
    rps: Math.round(summary.requests / seconds_),
    p50Ms: summary.p50Us / 1000,
    p99Ms: summary.p99Us / 1000,
    non2xx: summary.non2xx,
    socketErrors: summary.socketErrors,
    cpuMsPer1000: per1000(used[0]),
    redisCpuMsPer1000: pids[1] ? per1000(used[1]) : null,
    machineBusyShare: Math.round(((machineBusyMs() - busyBefore) / (seconds_ * 1000)) * 50) / 100,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return Math.round(m * 100) / 100;
};

function report(rounds) {
  const pick = (target, key) => rounds.map((r) => r[target][key]);
  const row = (target) => ({
    rps: Math.round(median(pick(target, 'rps'))),
    p50Ms: median(pick(target, 'p50Ms')),
    p99Ms: median(pick(target, 'p99Ms')),
    cpuMsPer1000: median(pick(target, 'cpuMsPer1000')),
    redisCpuMsPer1000:
      rounds[0][target].redisCpuMsPer1000 === null
        ? null
        : median(pick(target, 'redisCpuMsPer1000')),
  });
  const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;
  const floor = row('floor');
  const gateway = row('gateway');
  const baseline = rounds[0].baseline ? row('baseline') : undefined;
  return {
    floor,
    gateway,
    ratioOfMedians: ratio(gateway.rps, floor.rps),
    ratios: rounds.map((r) => ratio(r.gateway.rps, r.floor.rps)),
    ...(baseline && {
      baseline,
      baselineRatioOfMedians: ratio(baseline.rps, floor.rps),
      baselineRatios: rounds.map((r) => ratio(r.baseline.rps, r.floor.rps)),
    }),
  };
}

async function main() {
  const wrk = ensureWrk();
  const loadBefore = os.loadavg();
  const env = await setUp();
  let floor;
  try {
    await seedBoard(env.stackBase);
    const url = `${env.base}${args.path}`;
    const captured = await capture(url);
    if (captured.status !== 200) throw new Error(`${args.path}: ${captured.status}`);
    log(
      `${args.path}: ${captured.body.length} bytes, ${Object.keys(captured.headers).length} headers`,
    );
    floor = await startFloor(captured);
    const targets = {
      floor: { url: `${floor.base}${args.path}`, pids: [floor.child.pid] },
      gateway: { url, pids: [env.gatewayPid, env.redisPid()] },
      ...(env.baseline && {
        baseline: {
          url: `${env.baseline.base}${args.path}`,
          pids: [env.baseline.pid, env.redisPid()],
        },
      }),
    };
    if (env.baseline) {
      const other = await capture(targets.baseline.url);
      if (!other.body.equals(captured.body)) throw new Error('the baseline answers other bytes');
    }

    log(`warm-up: ${args.warmup} s each`);
    for (const t of Object.values(targets)) runWrk(wrk, t.url, Number(args.warmup), t.pids);
    const rounds = [];
    for (let i = 0; i < Number(args.rounds); i++) {
      const round = {};
      for (const [name, t] of Object.entries(targets)) {
        round[name] = runWrk(wrk, t.url, Number(args.seconds), t.pids);
        const r = round[name];
        log(
          `round ${i + 1} ${name.padEnd(8)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50Ms} ms` +
            `  p99 ${r.p99Ms} ms  CPU ${r.cpuMsPer1000} ms/1000` +
            (r.redisCpuMsPer1000 !== null ? ` (Redis ${r.redisCpuMsPer1000})` : '') +
            `  machine busy ${Math.round(r.machineBusyShare * 100)}%` +
            (r.non2xx || r.socketErrors
              ? `  FAILED ${r.non2xx} non-2xx ${r.socketErrors} errors`
              : ''),
        );
        if (r.non2xx || r.socketErrors) throw new Error(`${name}: answers failed during the run`);
      }
      rounds.push(round);
    }
    // The gateway still answers the very bytes the floor served (nothing changed the board).
    const after = await capture(url);
    if (!after.body.equals(captured.body)) throw new Error('the board changed during the run');

    const summary = report(rounds);
    const result = {
      at: new Date().toISOString(),
      path: args.path,
      bodyBytes: captured.body.length,
      headers: captured.headers,
      client: `wrk -t1 -c${args.connections} -d${args.seconds}s (warm-up ${args.warmup} s)`,
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        loadBefore,
        loadAfter: os.loadavg(),
      },
      rounds,
      ...summary,
    };
    const out =
      args.out ?? path.join(resultsDir, `gateway-floor-${result.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(out, JSON.stringify(result, null, 2));
    console.log('\n| | req/s | p50 ms | p99 ms | CPU ms / 1,000 req | Redis CPU ms / 1,000 req |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const name of Object.keys(targets)) {
      const r = summary[name];
      console.log(
        `| ${name} | ${r.rps} | ${r.p50Ms} | ${r.p99Ms} | ${r.cpuMsPer1000} | ${r.redisCpuMsPer1000 ?? '-'} |`,
      );
    }
    console.log(
      `\ngateway / floor: ${summary.ratioOfMedians} (rounds: ${summary.ratios.join(', ')}); goal >= 0.7`,
    );
    if (summary.baseline) {
      console.log(
        `baseline / floor: ${summary.baselineRatioOfMedians} (rounds: ${summary.baselineRatios.join(', ')})`,
      );
    }
    log(`written ${path.relative(root, out)}`);
  } finally {
    if (floor) await stopChild(floor.child);
    await env.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
