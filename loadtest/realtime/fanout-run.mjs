// One fan-out run, shared by fanout.mjs (our service alone) and versus-socketio.mjs (ours and
// a minimal Socket.IO server in turn): start the server as its own process, connect SOCKETS
// subscribed clients from one client worker process, publish RATE scores a second for
// DURATION seconds on NATS as the scores service does, and measure every delivery, the
// server's CPU and memory, and what the rest of the machine used meanwhile.
import { fork, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect, JSONCodec } from 'nats';
import { root } from '../../scripts/stack.mjs';
// The built package (CommonJS): the event table and the generated message types.
import proto from '@ballmatch/proto';

const scoreCreated = proto.EVENTS.scoreCreated;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The servers a run can measure: how to start each, and where its clients connect. */
export const TARGETS = {
  ballmatch: {
    label: 'BallMatch /ws',
    entry: path.join(root, 'services/realtime/dist/index.js'),
    wsPath: '/ws',
  },
  socketio: {
    label: 'Socket.IO 4 (websocket only)',
    entry: path.join(import.meta.dirname, 'socketio-server.mjs'),
    wsPath: '/socket.io/?EIO=4&transport=websocket',
  },
};

export function freePort() {
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

/** Publishes `rate` scores a second for `durationS` seconds, on schedule (no drift). */
export async function publish({ prefix, natsUrl, rate, durationS }) {
  const nc = await connect({ servers: natsUrl, name: 'realtime-bench-publisher' });
  const codec = JSONCodec();
  const runId = `${process.pid}-${Date.now()}`;
  const intervalMs = 1000 / rate;
  const start = Date.now() + 100;
  let late = 0;
  for (let seq = 0; seq < rate * durationS; seq++) {
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
    if (seq % rate === 0) await nc.flush();
  }
  await nc.flush();
  await nc.close();
  return { late };
}

function request(child, message, answer, log) {
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

/** Each socket is a file descriptor on both sides: the processes raise their soft limit. */
const withFiles = (command) => ['-c', `ulimit -n "$(ulimit -Hn)" && exec ${command}`];

async function checkFileLimit(sockets) {
  const hardLimit = Number(
    (await new Promise((resolve) => {
      const sh = spawn('sh', ['-c', 'ulimit -Hn'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      sh.stdout.on('data', (d) => (out += d));
      sh.on('exit', () => resolve(out.trim()));
    })) || 0,
  );
  if (hardLimit && hardLimit < sockets + 1000) {
    throw new Error(`open-file hard limit ${hardLimit} is below ${sockets + 1000}: raise it`);
  }
}

/** Resolves when `child` has exited; one still running after `killAfterMs` is killed. */
function waitForExit(child, killAfterMs = 10_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // A server that fell behind may hold gigabytes of unsent frames and take minutes to close.
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Runs one fan-out measurement against `target` (a key of TARGETS) and returns its figures.
 * `entry` replaces the target's script (another build of the service, for a before/after).
 * `tailLimitS`: after the last publish, how long deliveries may still trickle in before the
 * run is cut (a server that fell behind would otherwise keep the run going for minutes).
 */
export async function runFanout({
  target,
  sockets,
  rate,
  durationS,
  sourceIpCount = 5,
  natsUrl = 'nats://127.0.0.1:4222',
  port: wantedPort = 0,
  pin = false,
  tailLimitS = 60,
  cpuProfileDir,
  entry = TARGETS[target].entry,
  log,
}) {
  const { wsPath } = TARGETS[target];
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run node scripts/build.mjs`);
  await checkFileLimit(sockets);
  const events = rate * durationS;
  const port = wantedPort || (await freePort());
  const prefix = `bench_${process.pid}_${target}_${Date.now()}.`;
  const sourceIps = Array.from({ length: sourceIpCount }, (_, i) => `127.0.0.${i + 2}`);
  const pinTo = (core) => (pin ? `taskset -c ${core} ` : '');
  const nodeFlags = cpuProfileDir ? `--cpu-prof --cpu-prof-dir="${cpuProfileDir}" ` : '';
  const server = spawn('sh', withFiles(`${pinTo(0)}"${process.execPath}" ${nodeFlags}"${entry}"`), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      NATS_URL: natsUrl,
      NATS_SUBJECT_PREFIX: prefix,
      MAX_CONNECTIONS_PER_IP: String(sockets),
      // Metrics on, as in production, on a port of its own: the default one may be another
      // stack's on a shared machine.
      METRICS_PORT: String(await freePort()),
      // Production insists on the session key; the benchmark's clients are guests.
      JWT_PUBLIC_KEY: generateKeyPairSync('ed25519').publicKey.export({
        type: 'spki',
        format: 'pem',
      }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stopServer = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  };
  process.once('exit', stopServer);

  try {
    for (let i = 0; ; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (res?.ok) break;
      if (server.exitCode !== null) throw new Error(`${target} server exited at start`);
      if (i > 200) throw new Error(`${target} server did not become ready`);
      await sleep(100);
    }
    await sleep(1000); // let start-up garbage settle before the baseline
    const rssBefore = rssOf(server.pid);

    const client = fork(path.join(import.meta.dirname, 'client-worker.mjs'), [], {
      env: {
        ...process.env,
        BENCH_URL: `ws://127.0.0.1:${port}${wsPath}`,
        BENCH_PROTOCOL: target,
        BENCH_SOCKETS: String(sockets),
        BENCH_SOURCE_IPS: sourceIps.join(','),
      },
      execArgv: ['--max-old-space-size=2048'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      await request(client, null, 'ready', log);
      if (pin) {
        await new Promise((resolve) =>
          spawn('taskset', ['-p', '-c', '1', String(client.pid)], { stdio: 'ignore' }).on(
            'exit',
            resolve,
          ),
        );
      }
      const connected = await request(client, { type: 'connect' }, 'connected', log);
      log(
        `connected ${connected.open}/${sockets} sockets in ${(connected.ms / 1000).toFixed(1)} s ` +
          `from ${sourceIps.join(', ')}` +
          (connected.failed ? ` (${connected.failed} failed)` : ''),
      );
      await sleep(3000); // idle: what the sockets themselves hold
      const rssIdle = rssOf(server.pid);
      const perSocketBytes = (rssIdle - rssBefore) / connected.open;
      log(
        `${target} RSS ${(rssBefore / 2 ** 20).toFixed(1)} MiB → ${(rssIdle / 2 ** 20).toFixed(1)} MiB ` +
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
      const { late } = await publish({ prefix, natsUrl, rate, durationS });
      const publishMs = Date.now() - started;
      // Wait for the tail: every delivery arrived, 10 s without progress, or the tail limit.
      const expected = events * connected.open;
      let last = -1;
      for (let quiet = 0; quiet < 20 && Date.now() - started < publishMs + tailLimitS * 1000;) {
        const { delivered } = await request(client, { type: 'progress' }, 'progress', log);
        if (delivered >= expected) break;
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
      const result = await request(
        client,
        { type: 'report', expectedPerSocket: events },
        'report',
        log,
      );
      const serverSeconds = cpuServer.user + cpuServer.system;
      // From the first publish to the last delivery: the rate the server kept up.
      const deliveringS = Math.max(result.lastDeliveryAt - started, publishMs) / 1000;
      return {
        target,
        label: TARGETS[target].label,
        date: new Date().toISOString(),
        machine: `${os.cpus()[0].model}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`,
        loadAverageAtStart: Number(load0.toFixed(2)),
        sockets: connected.open,
        failedSockets: connected.failed,
        rate,
        durationS,
        scores: events,
        publishMs,
        latePublishes: late,
        ...result,
        deliveriesPerSecond: result.delivered / deliveringS,
        memory: {
          rssBeforeMiB: rssBefore / 2 ** 20,
          rssIdleMiB: rssIdle / 2 ** 20,
          rssPeakMiB: rssPeak / 2 ** 20,
          perIdleSocketKiB: perSocketBytes / 1024,
        },
        deliveredMs,
        /** CPU seconds used from the first publish to the last delivery. */
        cpuSeconds: { server: cpuServer, clients: cpuClient },
        serverCoreShare: serverSeconds / (deliveredMs / 1000),
        serverCpuMicrosPerDelivery: result.delivered
          ? (serverSeconds * 1e6) / result.delivered
          : null,
        /** Cores busy with other processes during the run, and stolen by the hypervisor. */
        otherCores: Number(otherCores.toFixed(2)),
        stealCores: Number(stealCores.toFixed(2)),
      };
    } finally {
      if (client.connected) client.send({ type: 'close' });
      else client.kill();
      await waitForExit(client);
    }
  } finally {
    stopServer();
    await waitForExit(server);
    process.off('exit', stopServer);
  }
}
