// Realtime against Socket.IO, side by side (issue 14): the same machine, the same sockets, the
// same scores a second, once through our /ws (services/realtime from its build) and once
// through a minimal Socket.IO server (socketio-server.mjs) broadcasting the same events; the
// two are started in turn with identical clients (client-worker.mjs, the same bare-TCP
// WebSocket code for both) and the same publisher, and the figures printed side by side.
//
//   node scripts/build.mjs
//   node loadtest/realtime/versus-socketio.mjs [--sockets 10000] [--rates 20] [--duration 60]
//        [--rounds 1] [--cpu-prof DIR] [--out loadtest/results/realtime-vs-socketio.json]
//
// --rates 20,40 measures each rate (ours, then Socket.IO, per rate); --rounds 2 repeats the
// whole sequence (A B A B) so drift in the machine's other load shows. The goal: ours delivers
// at least twice Socket.IO's rate at the same p95, or half its p95 at the same rate, and holds
// at most 8 KiB per idle socket.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/stack.mjs';
import { runFanout, TARGETS } from './fanout-run.mjs';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    rates: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '1' },
    'source-ips': { type: 'string', default: '5' },
    nats: { type: 'string', default: 'nats://127.0.0.1:4222' },
    'tail-limit': { type: 'string', default: '60' },
    'cpu-prof': { type: 'string' },
    out: { type: 'string', default: 'loadtest/results/realtime-vs-socketio.json' },
  },
});
const log = (line) => process.stdout.write(`${line}\n`);
const sockets = Number(args.sockets);
const durationS = Number(args.duration);
const rates = args.rates.split(',').map(Number);
const rounds = Number(args.rounds);
if (![sockets, durationS, rounds, ...rates].every((n) => Number.isInteger(n) && n > 0)) {
  throw new Error('--sockets, --rates, --duration and --rounds take positive whole numbers');
}

const runs = [];
for (let round = 1; round <= rounds; round++) {
  for (const rate of rates) {
    for (const target of ['ballmatch', 'socketio']) {
      log(
        `\n== round ${round}: ${TARGETS[target].label}, ${sockets} sockets, ${rate} scores/s for ${durationS} s`,
      );
      const figures = await runFanout({
        target,
        sockets,
        rate,
        durationS,
        sourceIpCount: Number(args['source-ips']),
        natsUrl: args.nats,
        tailLimitS: Number(args['tail-limit']),
        cpuProfileDir: args['cpu-prof'] && path.resolve(args['cpu-prof'], `${target}-${rate}`),
        log,
      });
      runs.push({ round, ...figures });
      const l = figures.latencyMs;
      log(
        `   delivered ${figures.delivered.toLocaleString('en')} / ${figures.expected.toLocaleString('en')}` +
          `, p50/p95/p99 ${l.p50}/${l.p95}/${l.p99} ms, server ${(figures.serverCoreShare * 100).toFixed(0)} % of a core` +
          `, others ${figures.otherCores} cores`,
      );
    }
  }
}

const out = path.resolve(root, args.out);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify({ sockets, durationS, rates, rounds, runs }, null, 2)}\n`);

// The side-by-side table: one column per run, in the order they ran.
const number = (n, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const rows = [
  ['rate (scores/s)', (r) => number(r.rate)],
  [
    'deliveries',
    (r) =>
      `${number(r.delivered)} / ${number(r.expected)}${r.duplicates ? `; ${r.duplicates} dups` : ''}`,
  ],
  ['sockets with every score', (r) => `${number(r.perSocket.complete)} / ${number(r.sockets)}`],
  ['deliveries per second', (r) => number(r.deliveriesPerSecond)],
  [
    'latency p50 / p95 / p99',
    (r) => `${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99} ms`,
  ],
  ['latency max', (r) => `${number(r.latencyMs.max)} ms`],
  [
    'server CPU (user + kernel)',
    (r) =>
      `${number(r.serverCoreShare * 100)} % of a core (${number(r.cpuSeconds.server.user, 1)} + ${number(r.cpuSeconds.server.system, 1)} s)`,
  ],
  [
    'server CPU per delivery',
    (r) => (r.serverCpuMicrosPerDelivery ? `${number(r.serverCpuMicrosPerDelivery, 2)} µs` : '–'),
  ],
  ['memory per idle socket', (r) => `${number(r.memory.perIdleSocketKiB, 1)} KiB`],
  [
    'server RSS idle → peak',
    (r) => `${number(r.memory.rssIdleMiB)} → ${number(r.memory.rssPeakMiB)} MiB`,
  ],
  [
    'client worker CPU',
    (r) =>
      `${number(((r.cpuSeconds.clients.user + r.cpuSeconds.clients.system) / (r.deliveredMs / 1000)) * 100)} % of a core`,
  ],
  [
    'client worker CPU per delivery',
    (r) =>
      r.delivered
        ? `${number(((r.cpuSeconds.clients.user + r.cpuSeconds.clients.system) * 1e6) / r.delivered, 2)} µs`
        : '–',
  ],
  ['others on the machine', (r) => `${r.otherCores} cores (load ${r.loadAverageAtStart} at start)`],
];
const name = (r) =>
  `${r.target === 'ballmatch' ? 'ours' : 'Socket.IO'}${rounds > 1 ? ` #${r.round}` : ''}`;
log(`\n${runs[0].machine}; ${number(sockets)} sockets, ${durationS} s per run\n`);
log(`| | ${runs.map(name).join(' | ')} |`);
log(`| --- | ${runs.map(() => '---').join(' | ')} |`);
for (const [label, cell] of rows) log(`| ${label} | ${runs.map(cell).join(' | ')} |`);

// Against the goal, from the best round of each (the quietest machine shows the servers).
const best = (target, rate) =>
  runs
    .filter((r) => r.target === target && r.rate === rate)
    .sort((a, b) => a.latencyMs.p95 - b.latencyMs.p95)[0];
log('');
for (const rate of rates) {
  const ours = best('ballmatch', rate);
  const theirs = best('socketio', rate);
  log(
    `at ${rate} scores/s: ours p95 ${ours.latencyMs.p95} ms against Socket.IO's ${theirs.latencyMs.p95} ms ` +
      `(${(ours.latencyMs.p95 / theirs.latencyMs.p95).toFixed(2)}×; goal ≤ 0.5×: ${ours.latencyMs.p95 * 2 <= theirs.latencyMs.p95 ? 'met' : 'missed'}); ` +
      `deliveries ${number(ours.delivered)} against ${number(theirs.delivered)}`,
  );
  const double = best('ballmatch', rate * 2);
  if (double) {
    log(
      `ours at ${rate * 2}/s (2× the rate): p95 ${double.latencyMs.p95} ms against Socket.IO's ${theirs.latencyMs.p95} ms at ${rate}/s ` +
        `(goal ≤: ${double.latencyMs.p95 <= theirs.latencyMs.p95 && double.perSocket.complete === double.sockets ? 'met' : 'missed'})`,
    );
  }
  log(
    `memory per idle socket: ours ${number(ours.memory.perIdleSocketKiB, 1)} KiB (goal ≤ 8: ${ours.memory.perIdleSocketKiB <= 8 ? 'met' : 'missed'}), ` +
      `Socket.IO ${number(theirs.memory.perIdleSocketKiB, 1)} KiB`,
  );
}
log(`\nfigures written to ${path.relative(root, out)}`);
process.exit(0);
