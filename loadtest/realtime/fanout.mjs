// Fan-out benchmark of services/realtime (issue 6): SOCKETS WebSockets on one realtime
// process, all subscribed to 'scores'; RATE new scores a second for DURATION seconds published
// on NATS as the scores service does (the scoreCreated event of packages/proto's table, written
// with its generated toJSON; createdAt = the moment of acceptance).
// Every socket must receive every score; delivery latency is measured from createdAt.
// Also measures the realtime process's memory per idle socket (RSS before/after connecting).
//
//   node scripts/build.mjs                       # the service runs from its build
//   node loadtest/realtime/fanout.mjs [--sockets 10000] [--rate 20] [--duration 60]
//                                     [--source-ips 5] [--port 0]
//   node loadtest/realtime/fanout.mjs --publish-only --prefix P --rate 20 --duration 60
//                                     (the publisher alone, for the k6 script of the same scenario)
//
// The server and the clients are separate processes (the clients in one worker), so on a
// two-core machine each gets about a core. Clients connect from 127.0.0.2, 127.0.0.3, …
// (one loopback source address per 2,000 sockets or so) so no address runs out of ports.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, JSONCodec } from 'nats';
import { root } from '../../scripts/stack.mjs';
// The built package (CommonJS): the event table and the generated message types.
import proto from '../../packages/proto/dist/index.js';

const scoreCreated = proto.EVENTS.scoreCreated;

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    'source-ips': { type: 'string', default: '5' },
    port: { type: 'string', default: '0' },
    nats: { type: 'string', default: 'nats://127.0.0.1:4222' },
    'publish-only': { type: 'boolean', default: false },
    prefix: { type: 'string' },
    /** Pins the realtime process to core 0 and the clients to core 1 (taskset). */
    pin: { type: 'boolean', default: false },
  },
});
const SOCKETS = Number(args.sockets);
const RATE = Number(args.rate);
const DURATION_S = Number(args.duration);
const EVENTS = RATE * DURATION_S;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (line) => process.stdout.write(`${line}\n`);

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, in bytes (Linux). */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** CPU seconds a process has used so far, in user space and in the kernel (Linux). */
function cpuOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks of 1/100 s (USER_HZ on Linux).
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** CPU seconds the whole machine has spent busy so far, and steal (time the hypervisor took). */
function machineCpu() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return { busy: (user + nice + system + irq + softirq) / 100, steal: steal / 100 };
}

function cpuSince(pid, before) {
  const now = cpuOf(pid);
  return { user: now.user - before.user, system: now.system - before.system };
}

/** Publishes RATE scores a second for DURATION_S seconds, on schedule (no drift). */
async function publish(prefix, natsUrl) {
  const nc = await connect({ servers: natsUrl, name: 'realtime-bench-publisher' });
  const codec = JSONCodec();
  const runId = `${process.pid}-${Date.now()}`;
  const intervalMs = 1000 / RATE;
  const start = Date.now() + 100;
  let late = 0;
  for (let seq = 0; seq < EVENTS; seq++) {
    const due = start + seq * intervalMs;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -intervalMs) late += 1;
    const now = new Date();
    nc.publish(
      `${prefix}${scoreCreated.subject}`,
      codec.encode(
        scoreCreated.type.toJSON({
          id: `bench-${runId}-${seq}`,
          occurredAt: now.toISOString(),
          score: {
            id: `b${seq}`,
            playerName: `Bench player ${seq % 97}`,
            score: 1000 + seq,
            level: 1 + (seq % 12),
            createdAt: now.toISOString(),
          },
        }),
      ),
    );
    if (seq % RATE === 0) await nc.flush();
  }
  await nc.flush();
  await nc.close();
  return { late };
}

if (args['publish-only']) {
  if (!args.prefix && args.prefix !== '') throw new Error('--publish-only needs --prefix');
  log(`publishing ${EVENTS} scores at ${RATE}/s on ${args.prefix}${scoreCreated.subject}`);
  await publish(args.prefix, args.nats);
  process.exit(0);
}

function request(child, message, answer) {
  return new Promise((resolve) => {
    const onMessage = (reply) => {
      if (reply.type === 'log') return log(`  client: ${reply.message}`);
      if (reply.type !== answer) return;
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    if (message) child.send(message);
  });
}

const entry = path.join(root, 'services/realtime/dist/index.js');
if (!fs.existsSync(entry)) throw new Error('run `node scripts/build.mjs` first');
const port = Number(args.port) || (await freePort());
const prefix = `bench_${process.pid}.`;
const sourceIps = Array.from({ length: Number(args['source-ips']) }, (_, i) => `127.0.0.${i + 2}`);

// Each socket is a file descriptor on both sides: raise the soft limit to the hard one.
const withFiles = (command) => ['-c', `ulimit -n "$(ulimit -Hn)" && exec ${command}`];
const hardLimit = Number(
  (await new Promise((resolve) => {
    const sh = spawn('sh', ['-c', 'ulimit -Hn'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    sh.stdout.on('data', (d) => (out += d));
    sh.on('exit', () => resolve(out.trim()));
  })) || 0,
);
if (hardLimit && hardLimit < SOCKETS + 1000) {
  throw new Error(`open-file hard limit ${hardLimit} is below ${SOCKETS + 1000}: raise it`);
}

log(
  `realtime fan-out: ${SOCKETS} sockets, ${RATE} scores/s for ${DURATION_S} s ` +
    `(${EVENTS} scores, ${(EVENTS * SOCKETS).toLocaleString('en')} deliveries)`,
);
const pinTo = (core) => (args.pin ? `taskset -c ${core} ` : '');
const server = spawn('sh', withFiles(`${pinTo(0)}"${process.execPath}" "${entry}"`), {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    NATS_URL: args.nats,
    NATS_SUBJECT_PREFIX: prefix,
    MAX_CONNECTIONS_PER_IP: String(SOCKETS),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let stopped = false;
const stopServer = () => {
  if (stopped || server.exitCode !== null) return;
  stopped = true;
  server.kill('SIGTERM');
};
process.on('exit', stopServer);

for (let i = 0; ; i++) {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
  if (res?.ok) break;
  if (i > 100) throw new Error('realtime did not become ready');
  await sleep(100);
}
await sleep(1000); // let start-up garbage settle before the baseline
const rssBefore = rssOf(server.pid);

const client = fork(path.join(import.meta.dirname, 'client-worker.mjs'), [], {
  env: {
    ...process.env,
    BENCH_URL: `ws://127.0.0.1:${port}/ws`,
    BENCH_SOCKETS: String(SOCKETS),
    BENCH_SOURCE_IPS: sourceIps.join(','),
  },
  execArgv: ['--max-old-space-size=2048'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await request(client, null, 'ready');
if (args.pin) {
  await new Promise((resolve) =>
    spawn('taskset', ['-p', '-c', '1', String(client.pid)], { stdio: 'ignore' }).on(
      'exit',
      resolve,
    ),
  );
}
const connected = await request(client, { type: 'connect' }, 'connected');
log(
  `connected ${connected.open}/${SOCKETS} sockets in ${(connected.ms / 1000).toFixed(1)} s ` +
    `from ${sourceIps.join(', ')}` +
    (connected.failed ? ` (${connected.failed} failed)` : ''),
);
await sleep(3000); // idle: what the sockets themselves hold
const rssIdle = rssOf(server.pid);
const perSocketBytes = (rssIdle - rssBefore) / connected.open;
log(
  `realtime RSS ${(rssBefore / 2 ** 20).toFixed(1)} MiB → ${(rssIdle / 2 ** 20).toFixed(1)} MiB ` +
    `idle: ${(perSocketBytes / 1024).toFixed(1)} KiB per socket`,
);

const cpuServer0 = cpuOf(server.pid);
const cpuClient0 = cpuOf(client.pid);
const load0 = os.loadavg()[0];
const machine0 = machineCpu();
const started = Date.now();
let rssPeak = rssIdle;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, rssOf(server.pid));
}, 500);
const { late } = await publish(prefix, args.nats);
const publishMs = Date.now() - started;
// Wait for the tail: until every delivery arrived, or 10 s without progress.
let last = -1;
for (let quiet = 0; quiet < 20;) {
  const { delivered } = await request(client, { type: 'progress' }, 'progress');
  if (delivered >= EVENTS * connected.open) break;
  quiet = delivered === last ? quiet + 1 : 0;
  last = delivered;
  await sleep(500);
}
clearInterval(sampler);
const deliveredMs = Date.now() - started;
const cpuServer = cpuSince(server.pid, cpuServer0);
const cpuClient = cpuSince(client.pid, cpuClient0);
const machine1 = machineCpu();
// What the rest of the machine (other people's work) used meanwhile, in cores.
const otherCores =
  (machine1.busy -
    machine0.busy -
    (cpuServer.user + cpuServer.system) -
    (cpuClient.user + cpuClient.system)) /
  (deliveredMs / 1000);
const stealCores = (machine1.steal - machine0.steal) / (deliveredMs / 1000);
const result = await request(client, { type: 'report', expectedPerSocket: EVENTS }, 'report');
client.send({ type: 'close' });
stopServer();

const figures = {
  date: new Date().toISOString(),
  machine: `${os.cpus()[0].model}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`,
  loadAverageAtStart: Number(load0.toFixed(2)),
  sockets: connected.open,
  rate: RATE,
  durationS: DURATION_S,
  scores: EVENTS,
  publishMs,
  latePublishes: late,
  ...result,
  memory: {
    rssBeforeMiB: rssBefore / 2 ** 20,
    rssIdleMiB: rssIdle / 2 ** 20,
    rssPeakMiB: rssPeak / 2 ** 20,
    perIdleSocketKiB: perSocketBytes / 1024,
  },
  deliveredMs,
  /** CPU seconds used from the first publish to the last delivery. */
  cpuSeconds: { server: cpuServer, clients: cpuClient },
  /** Cores busy with other processes during the run, and stolen by the hypervisor. */
  otherCores: Number(otherCores.toFixed(2)),
  stealCores: Number(stealCores.toFixed(2)),
};
fs.mkdirSync(path.join(root, 'loadtest/results'), { recursive: true });
const out = path.join(root, 'loadtest/results/realtime-fanout.json');
fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);

const ok = (pass) => (pass ? 'yes' : 'NO');
const l = figures.latencyMs;
log('');
log(
  `delivered ${result.delivered.toLocaleString('en')} of ${result.expected.toLocaleString('en')}` +
    ` (sockets with every score: ${result.perSocket.complete}/${connected.open}; duplicates ${result.duplicates}; dropped sockets ${result.closedEarly})`,
);
log(
  `per score: first copy after p50 ${result.perScore.firstCopyMs.p50} ms / p95 ${result.perScore.firstCopyMs.p95} ms; ` +
    `first to last copy p50 ${result.perScore.firstToLastMs.p50} ms / p95 ${result.perScore.firstToLastMs.p95} ms`,
);
log(
  `latency from acceptance: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, max ${l.max} ms, mean ${l.mean.toFixed(1)} ms`,
);
const share = (cpu) =>
  `${(((cpu.user + cpu.system) / (deliveredMs / 1000)) * 100).toFixed(0)} % of a core ` +
  `(user ${cpu.user.toFixed(1)} s, kernel ${cpu.system.toFixed(1)} s)`;
log(
  `CPU over ${(deliveredMs / 1000).toFixed(1)} s: realtime ${share(cpuServer)}; clients ${share(cpuClient)}`,
);
log(
  `rest of the machine meanwhile: ${otherCores.toFixed(2)} cores busy with other processes, ` +
    `${stealCores.toFixed(2)} stolen by the hypervisor (load average at start ${load0.toFixed(2)})`,
);
log('');
log('| goal | measured | met |');
log('| --- | --- | --- |');
log(
  `| every socket receives every score | ${result.perSocket.complete.toLocaleString('en')} / ${connected.open.toLocaleString('en')} sockets got all ${EVENTS} | ${ok(result.perSocket.complete === connected.open && connected.open === SOCKETS)} |`,
);
log(`| p95 delivery ≤ 250 ms | ${l.p95} ms | ${ok(l.p95 <= 250)} |`);
log(`| p99 delivery ≤ 500 ms | ${l.p99} ms | ${ok(l.p99 <= 500)} |`);
log(
  `| memory ≤ 40 KB per idle socket | ${figures.memory.perIdleSocketKiB.toFixed(1)} KiB | ${ok(perSocketBytes <= 40 * 1024)} |`,
);
log(`\nfigures written to ${path.relative(root, out)}`);
process.exit(0);
