// PostgreSQL, Redis (append-only file, as k8s/ and docker-compose.yml run it) and NATS with
// JetStream of the fault suite's own: free ports, data in a temporary folder, each restartable
// on its data. Never the machine's shared stores, which other work depends on.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findBinary, probe } from '../datastores.mjs';
import { freePorts } from '@ballmatch/platform/testing';

const HOST = '127.0.0.1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function need(name) {
  const file = findBinary(name);
  if (!file) throw new Error(`${name} not found (PATH, /usr/lib/postgresql/*/bin)`);
  return file;
}

/** PostgreSQL refuses to run as root: as root its programs run as the `postgres` user. */
const pgUser = process.getuid?.() === 0 ? 'postgres' : undefined;
function runPg(file, args) {
  return pgUser
    ? execFileSync('runuser', ['-u', pgUser, '--', file, ...args], { stdio: 'pipe' })
    : execFileSync(file, args, { stdio: 'pipe' });
}

async function waitAnswering(name, port, up, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await probe(name, port)).ok === up) return;
    await sleep(100);
  }
  throw new Error(`${name} on :${port} did not ${up ? 'answer' : 'stop'} in ${timeoutMs} ms`);
}

/** A store that runs as our child process; restart = SIGTERM (it saves and exits), start again. */
function childStore(name, port, command, args, logFile) {
  let child;
  const start = async () => {
    const log = fs.openSync(logFile, 'a');
    child = spawn(command, args, { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    await waitAnswering(name, port, true);
  };
  const stop = async (signal = 'SIGTERM') => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return { start, stop, pid: () => child?.pid };
}

export async function startOwnStores({ log = () => {} } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-faults-stores-'));
  fs.chmodSync(root, 0o755); // the postgres user must reach its data folder
  const [pgPort, redisPort, natsPort] = await freePorts(3);
  const dir = (name) => {
    const d = path.join(root, name);
    fs.mkdirSync(d, { recursive: true, mode: 0o700 });
    return d;
  };

  // PostgreSQL: a cluster of its own; a restart is an immediate stop (as a crash: recovery from
  // the WAL on start) and a start.
  const pgData = dir('postgres');
  const pgSockets = dir('pg-run');
  if (pgUser) execFileSync('chown', ['-R', `${pgUser}:`, pgData, pgSockets]);
  runPg(need('initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '--locale=C']);
  const pgCtl = need('pg_ctl');
  const pgLog = path.join(pgData, 'server.log');
  const postgres = {
    start: async () => {
      runPg(pgCtl, [
        'start',
        '-D',
        pgData,
        '-l',
        pgLog,
        '-o',
        `-k '${pgSockets}' -h ${HOST} -p ${pgPort} -c max_connections=300`,
        '-w',
        '-t',
        '60',
      ]);
      await waitAnswering('postgres', pgPort, true);
    },
    stop: async (mode = 'fast') => {
      try {
        runPg(pgCtl, ['stop', '-D', pgData, '-m', mode, '-w']);
      } catch {
        // not running
      }
    },
  };
  await postgres.start();
  runPg(path.join(path.dirname(pgCtl), 'createdb'), [
    '-h',
    HOST,
    '-p',
    String(pgPort),
    '-U',
    'postgres',
    'ballmatch',
  ]);

  const redisData = dir('redis');
  const redis = childStore(
    'redis',
    redisPort,
    need('redis-server'),
    [
      ...['--bind', HOST, '--port', String(redisPort), '--dir', redisData],
      ...['--appendonly', 'yes', '--save', ''],
    ],
    path.join(redisData, 'redis.log'),
  );
  await redis.start();

  const natsData = dir('nats');
  const nats = childStore(
    'nats',
    natsPort,
    need('nats-server'),
    ['-js', '-sd', natsData, '-a', HOST, '-p', String(natsPort)],
    path.join(natsData, 'nats.log'),
  );
  await nats.start();
  log(`own stores: PostgreSQL :${pgPort}, Redis :${redisPort}, NATS :${natsPort} in ${root}`);

  const stores = { postgres, redis, nats };
  const ports = { postgres: pgPort, redis: redisPort, nats: natsPort };
  return {
    root,
    ports,
    env: {
      DATABASE_URL: `postgres://postgres@${HOST}:${pgPort}/ballmatch`,
      REDIS_URL: `redis://${HOST}:${redisPort}`,
      NATS_URL: `nats://${HOST}:${natsPort}`,
    },
    /**
     * Restarts one store on its data: PostgreSQL stopped immediately (crash recovery on start),
     * Redis and NATS with SIGTERM. Resolves once it answers again; `downMs` it stays away.
     */
    async restart(name, { downMs = 0 } = {}) {
      const store = stores[name];
      if (!store) throw new Error(`no store named ${name}`);
      await store.stop(name === 'postgres' ? 'immediate' : 'SIGTERM');
      await waitAnswering(name, ports[name], false);
      if (downMs) await sleep(downMs);
      await store.start();
    },
    async stop() {
      await nats.stop();
      await redis.stop();
      await postgres.stop('fast');
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
