// Makes sure PostgreSQL (5432), Redis (6379) and NATS with JetStream (4222) answer on
// 127.0.0.1 for local runs. Whatever already answers on a standard port is used as it is;
// otherwise the machine's own binary is started with its data under <repo>/.data/<store>,
// after installing it from Debian's packages when it is missing (as root; otherwise the exact
// command to run is printed). Only Node built-ins: this runs before anything is installed.
//
//   node scripts/datastores.mjs        ensure all three answer (quick when they already do)
//   node scripts/datastores.mjs stop   stop the ones running from .data/
//   node scripts/datastores.mjs start|stop <store> ...   one store of a caller's own (below)
//
// From code: `await ensureDatastores({ log })`, and on Ctrl-C `await stopStartedDatastores()`,
// which stops only what this process started. Tools that need stores of their own (the load
// harnesses, the fault suite) start each with `startStore(name, { dataDir, port, ... })`: the
// same binaries and settings, on a free port and their own data, stopped through its handle;
// Jest's tests, which cannot load this module, through @ballmatch/kit's startStore (this CLI).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PROBE_TIMEOUT_MS = 700;
const defaultLog = (message) => console.log(`datastores: ${message}`);

/** The three stores: standard port, Debian package, binaries, and how to start and stop one. */
export const stores = {
  postgres: {
    label: 'PostgreSQL',
    port: 5432,
    aptPackage: 'postgresql',
    binaries: ['initdb', 'pg_ctl'],
    hello: postgresHello,
    start: startPostgres,
  },
  redis: {
    label: 'Redis',
    port: 6379,
    aptPackage: 'redis-server',
    binaries: ['redis-server'],
    hello: redisHello,
    start: startRedis,
  },
  nats: {
    label: 'NATS',
    port: 4222,
    aptPackage: 'nats-server',
    binaries: ['nats-server'],
    hello: natsHello,
    start: startNats,
  },
};

/** Stores this process started, newest last: stopStartedDatastores() stops exactly these. */
const started = [];

/**
 * Resolves once every store answers. `ports` (tests) moves a store off its standard port;
 * `root` is the folder whose .data/ holds the data of the stores started here.
 */
export async function ensureDatastores({
  log = defaultLog,
  root = repoRoot,
  ports = {},
  timeoutMs = 30_000,
} = {}) {
  const names = Object.keys(stores);
  const answering = await Promise.all(
    names.map((name) => probe(name, ports[name] ?? stores[name].port)),
  );
  const missing = names.filter((_, i) => !answering[i].ok);
  for (const [i, name] of names.entries()) {
    if (answering[i].ok) {
      log(`${stores[name].label} already answers on ${HOST}:${answering[i].port}`);
      if (answering[i].warning) log(`warning: ${answering[i].warning}`);
    }
  }
  if (missing.length === 0) return;

  await installMissingBinaries(missing, log);
  for (const name of missing) {
    const port = ports[name] ?? stores[name].port;
    // Installing a Debian package may have started that store already.
    const now = await probe(name, port);
    if (now.ok) {
      log(`${stores[name].label} answers on ${HOST}:${port} after installing it`);
      continue;
    }
    if (!now.free) {
      throw new Error(
        `datastores: something that is not ${stores[name].label} holds ${HOST}:${port}; ` +
          `stop it, or run ${stores[name].label} there yourself`,
      );
    }
    const dataDir = path.join(root, '.data', name);
    log(`starting ${stores[name].label} on ${HOST}:${port} (data in ${dataDir})`);
    started.push(await startStore(name, { dataDir, port, root, log, timeoutMs }));
    log(`${stores[name].label} answers on ${HOST}:${port}`);
  }
}

/**
 * Starts store `name` on `port` with its data in `dataDir` (kept: started again on it, a store
 * goes on from what it saved) and resolves once it answers, with its handle: `stop(how)` stops
 * it (PostgreSQL's shutdown mode, default 'fast'; the others' signal, default SIGTERM) and
 * resolves once it has exited; `pid()` its main process. `settings` goes over the store's own:
 * PostgreSQL's server settings (`-c name=value`), Redis's and NATS's options (`--name value`).
 * `root`'s .data/run holds PostgreSQL's socket.
 */
export async function startStore(
  name,
  { dataDir, port, root = repoRoot, log = defaultLog, settings = {}, timeoutMs = 30_000 },
) {
  const handle = await stores[name].start({ dataDir, port, root, log, settings });
  await waitUntilAnswering(name, port, timeoutMs, handle.logFile);
  return handle;
}

/** Stops, newest first, the stores this process started (and nothing else). */
export async function stopStartedDatastores({ log = defaultLog } = {}) {
  while (started.length > 0) {
    const handle = started.pop();
    log(`stopping ${stores[handle.name].label}`);
    try {
      await handle.stop();
    } catch (error) {
      log(`could not stop ${stores[handle.name].label}: ${error.message}`);
    }
  }
}

/** Stops whatever runs from <root>/.data (the CLI's `stop`: a previous run's stores). */
export async function stopDataDirStores({ log = defaultLog, root = repoRoot } = {}) {
  for (const name of Object.keys(stores).reverse()) {
    const handle = existingHandle(name, path.join(root, '.data', name));
    if (!handle) continue;
    log(`stopping ${stores[name].label} running from ${handle.dataDir}`);
    await handle.stop();
  }
}

// ---- probes: a TCP connect plus the store's own hello -------------------------------------

/**
 * Does `name` answer on `port`? { ok, port, warning? }; when not, `free` tells whether nothing
 * listens there at all (connection refused) rather than something else.
 */
export async function probe(name, port = stores[name].port) {
  try {
    const warning = await stores[name].hello(port);
    return { ok: true, port, warning };
  } catch (error) {
    return { ok: false, port, free: error.code === 'ECONNREFUSED' };
  }
}

/** Opens a socket, optionally writes `request`, resolves with the first bytes the peer sends. */
function exchange(port, request, enough) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: HOST, port });
    let received = Buffer.alloc(0);
    const finish = (error) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(received);
    };
    const timer = setTimeout(() => finish(new Error('no answer')), PROBE_TIMEOUT_MS);
    socket.once('error', finish);
    socket.once('connect', () => {
      if (request) socket.write(request);
    });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (enough(received)) finish();
    });
    socket.once('end', () => finish(new Error('closed without an answer')));
  });
}

// SSLRequest: any PostgreSQL server answers it with one byte, S or N, before authentication.
async function postgresHello(port) {
  const sslRequest = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);
  const reply = await exchange(port, sslRequest, (b) => b.length >= 1);
  const byte = String.fromCharCode(reply[0]);
  if (byte !== 'S' && byte !== 'N') throw new Error('not PostgreSQL');
}

async function redisHello(port) {
  const reply = await exchange(port, 'PING\r\n', (b) => b.includes('\r\n'));
  const line = reply.toString('latin1').split('\r\n')[0];
  if (line === '+PONG') return undefined;
  if (line.startsWith('-NOAUTH')) {
    return `Redis on port ${port} wants a password: put it in REDIS_URL`;
  }
  throw new Error('not Redis');
}

// A NATS server speaks first: one `INFO {json}` line.
async function natsHello(port) {
  const reply = await exchange(port, null, (b) => b.includes('\r\n'));
  const line = reply.toString('utf8').split('\r\n')[0];
  if (!line.startsWith('INFO ')) throw new Error('not NATS');
  let info = {};
  try {
    info = JSON.parse(line.slice(5));
  } catch {
    // An INFO line is enough to know it is NATS.
  }
  return info.jetstream
    ? undefined
    : `NATS on port ${port} runs without JetStream: restart it with -js`;
}

async function waitUntilAnswering(name, port, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await probe(name, port)).ok) return;
    await sleep(150);
  }
  throw new Error(
    `${stores[name].label} did not answer on ${HOST}:${port} within ${timeoutMs / 1000} s` +
      (logFile ? `; see ${logFile}` : ''),
  );
}

// ---- binaries and their installation ----------------------------------------------------------

const searchDirs = () => [
  ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  '/usr/local/sbin',
  '/usr/local/bin',
  '/usr/sbin',
  '/usr/bin',
];

/** Newest first: Debian keeps PostgreSQL's server programs off PATH, per major version. */
function postgresBinDirs() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(base, v, 'bin'));
}

export function findBinary(name) {
  const dirs = ['initdb', 'pg_ctl'].includes(name)
    ? [...postgresBinDirs(), ...searchDirs()]
    : searchDirs();
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

function requireBinary(name) {
  const file = findBinary(name);
  if (!file) throw new Error(`${name} not found (looked in PATH and /usr/lib/postgresql/*/bin)`);
  return file;
}

async function installMissingBinaries(names, log) {
  const packages = names
    .filter((name) => stores[name].binaries.some((b) => !findBinary(b)))
    .map((name) => stores[name].aptPackage);
  if (packages.length === 0) return;
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0 || !findBinary('apt-get')) {
    throw new Error(
      `datastores: missing ${packages.join(', ')}. Install them, then run again:\n` +
        `  sudo apt-get update && sudo ${command}\n` +
        'or start PostgreSQL, Redis and NATS (with -js) yourself on their standard ports.',
    );
  }
  // Only the programs are needed: no cluster of Debian's own (it would want a password).
  if (packages.includes('postgresql')) skipDebianMainCluster();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log('apt-get update');
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  log(`${command}`);
  execFileSync(
    'apt-get',
    [
      'install',
      '-y',
      '--no-install-recommends',
      '-o',
      'Dpkg::Options::=--force-confold',
      ...packages,
    ],
    { stdio: 'inherit', env },
  );
}

function skipDebianMainCluster() {
  const file = '/etc/postgresql-common/createcluster.conf';
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'create_main_cluster = false\n');
}

// ---- starting and stopping each store -------------------------------------------------------

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function postgresUser() {
  if (!isRoot()) return undefined;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return 'postgres';
  } catch {
    throw new Error(
      'datastores: PostgreSQL cannot run as root and there is no `postgres` user ' +
        '(apt-get install postgresql makes one)',
    );
  }
}

function runAs(user, file, args, options = {}) {
  return user
    ? execFileSync('runuser', ['-u', user, '--', file, ...args], options)
    : execFileSync(file, args, options);
}

function socketDir(root) {
  // Unix socket paths are limited to ~107 bytes; fall back to /tmp for deep checkouts.
  const dir = path.join(root, '.data', 'run');
  return dir.length + '/.s.PGSQL.5432'.length < 100 ? dir : '/tmp';
}

async function startPostgres({ dataDir, port, root, log, settings = {} }) {
  const initdb = requireBinary('initdb');
  const pgCtl = requireBinary('pg_ctl');
  const user = postgresUser();
  const sockets = socketDir(root);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.mkdirSync(sockets, { recursive: true });
  if (user) {
    execFileSync('chown', ['-R', `${user}:`, dataDir]);
    if (sockets !== '/tmp') execFileSync('chown', [`${user}:`, sockets]);
    try {
      runAs(user, 'test', ['-w', dataDir]);
    } catch {
      throw new Error(
        `datastores: the ${user} user cannot reach ${dataDir}: let it through the parent folders ` +
          `(chmod o+x) or start PostgreSQL yourself on port ${port}`,
      );
    }
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initdb ${dataDir}`);
    runAs(
      user,
      initdb,
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'],
      { stdio: 'ignore' },
    );
  }
  const logFile = path.join(dataDir, 'server.log');
  // pg_ctl hands -o to a shell: the socket folder is quoted.
  const options = [
    `-k '${sockets}' -h ${HOST} -p ${port}`,
    ...Object.entries(settings).map(([setting, value]) => `-c ${setting}=${value}`),
  ].join(' ');
  try {
    runAs(user, pgCtl, ['start', '-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30'], {
      stdio: 'ignore',
    });
  } catch {
    throw new Error(`datastores: PostgreSQL did not start; see ${logFile}`);
  }
  return postgresHandle(dataDir, user, logFile);
}

function postgresHandle(dataDir, user, logFile) {
  return {
    name: 'postgres',
    dataDir,
    logFile,
    stop: async (mode = 'fast') => {
      runAs(user, requireBinary('pg_ctl'), ['stop', '-D', dataDir, '-m', mode, '-w'], {
        stdio: 'ignore',
      });
    },
    pid: () => readPid(path.join(dataDir, 'postmaster.pid')),
  };
}

async function startRedis({ dataDir, port, settings = {} }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'redis.pid');
  const logFile = path.join(dataDir, 'redis.log');
  // Redis holds only what can be rebuilt from PostgreSQL: no snapshots.
  const options = {
    daemonize: 'yes',
    bind: HOST,
    port: String(port),
    save: '',
    appendonly: 'no',
    dir: dataDir,
    pidfile: pidFile,
    logfile: logFile,
    ...settings,
  };
  execFileSync(
    requireBinary('redis-server'),
    Object.entries(options).flatMap(([name, value]) => [`--${name}`, value]),
  );
  return pidHandle('redis', dataDir, pidFile, logFile);
}

async function startNats({ dataDir, port, settings = {} }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'nats.pid');
  const logFile = path.join(dataDir, 'nats.log');
  const child = spawn(
    requireBinary('nats-server'),
    [
      ...['-js', '-sd', dataDir, '-a', HOST, '-p', String(port), '-P', pidFile, '-l', logFile],
      ...Object.entries(settings).flatMap(([name, value]) => [`--${name}`, value]),
    ],
    { detached: true, stdio: 'ignore' },
  );
  child.unref();
  // The pid file appears once the server runs; until then the child's own pid is right.
  fs.writeFileSync(pidFile, String(child.pid));
  return pidHandle('nats', dataDir, pidFile, logFile);
}

/** A store started as a daemon that wrote its pid to `pidFile`: stopped with SIGTERM. */
function pidHandle(name, dataDir, pidFile, logFile) {
  return {
    name,
    dataDir,
    logFile,
    stop: async (signal = 'SIGTERM') => {
      const pid = readPid(pidFile);
      if (!pid || !isAlive(pid)) return;
      process.kill(pid, signal);
      const deadline = Date.now() + 10_000;
      while (isAlive(pid) && Date.now() < deadline) await sleep(100);
      if (isAlive(pid)) throw new Error(`pid ${pid} still runs 10 s after ${signal}`);
    },
    pid: () => readPid(pidFile),
  };
}

/** A handle for a store that runs from `dataDir` (started by an earlier run), if any. */
function existingHandle(name, dataDir) {
  if (name === 'postgres') {
    const pid = readPid(path.join(dataDir, 'postmaster.pid'));
    if (!pid || !isAlive(pid)) return undefined;
    return postgresHandle(dataDir, postgresUser(), path.join(dataDir, 'server.log'));
  }
  const pidFile = path.join(dataDir, `${name}.pid`);
  const pid = readPid(pidFile);
  return pid && isAlive(pid) ? pidHandle(name, dataDir, pidFile) : undefined;
}

/** The process id on a pid file's first line (PostgreSQL's postmaster.pid too), if any. */
export function readPid(file) {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0], 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- command line -----------------------------------------------------------------------------

/**
 * One store, for callers that cannot load this module (Jest's: @ballmatch/kit's startStore runs
 * these): `start <store> <port> <dataDir> [settings as JSON]` starts it as startStore does and
 * exits once it answers (the store runs on); `stop <store> <dataDir> [mode or signal]` stops the
 * one running from that folder, if any.
 */
async function storeCommand([command, name, ...args]) {
  if (!stores[name]) throw new Error(`datastores: no store ${name} (${Object.keys(stores)})`);
  const quiet = () => {};
  if (command === 'start') {
    const [port, dataDir, settings = '{}'] = args;
    const options = { port: Number(port), dataDir, settings: JSON.parse(settings), log: quiet };
    await startStore(name, options);
  } else {
    const [dataDir, how] = args;
    await existingHandle(name, dataDir)?.stop(how);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const run =
    args.length > 1
      ? () => storeCommand(args)
      : args[0] === 'stop'
        ? stopDataDirStores
        : ensureDatastores;
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
