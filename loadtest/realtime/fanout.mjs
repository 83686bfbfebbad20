// Fan-out benchmark of services/realtime (issue 6): SOCKETS WebSockets on one realtime
// process, all subscribed to 'scores'; RATE new scores a second for DURATION seconds published
// on NATS as the scores service does (the scoreCreated event of packages/proto's table, written
// with its generated toJSON; createdAt = the moment of acceptance).
// Every socket must receive every score; delivery latency is measured from createdAt.
// Also measures the realtime process's memory per idle socket (RSS before/after connecting).
//
//   node scripts/build.mjs                       # the service runs from its build
//   node loadtest/realtime/fanout.mjs [--sockets 10000] [--rate 20] [--duration 60]
//                                     [--source-ips 5] [--port 0] [--pin]
//                                     [--entry other-build/dist/index.js]
//   node loadtest/realtime/fanout.mjs --publish-only --prefix P --rate 20 --duration 60
//                                     (the publisher alone, for the k6 script of the same scenario)
//
// The server and the clients are separate processes (the clients in one worker), so on a
// two-core machine each gets about a core. Clients connect from 127.0.0.2, 127.0.0.3, …
// (one loopback source address per 2,000 sockets or so) so no address runs out of ports.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/stack.mjs';
import { publish, runFanout } from './fanout-run.mjs';

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
    /** Another build of the service to measure (its dist/index.js), for a before/after. */
    entry: { type: 'string' },
  },
});
const SOCKETS = Number(args.sockets);
const RATE = Number(args.rate);
const DURATION_S = Number(args.duration);
const EVENTS = RATE * DURATION_S;
const log = (line) => process.stdout.write(`${line}\n`);

if (args['publish-only']) {
  if (!args.prefix && args.prefix !== '') throw new Error('--publish-only needs --prefix');
  log(`publishing ${EVENTS} scores at ${RATE}/s on ${args.prefix}scores.created`);
  await publish({ prefix: args.prefix, natsUrl: args.nats, rate: RATE, durationS: DURATION_S });
  process.exit(0);
}

log(
  `realtime fan-out: ${SOCKETS} sockets, ${RATE} scores/s for ${DURATION_S} s ` +
    `(${EVENTS} scores, ${(EVENTS * SOCKETS).toLocaleString('en')} deliveries)`,
);
const figures = await runFanout({
  target: 'ballmatch',
  sockets: SOCKETS,
  rate: RATE,
  durationS: DURATION_S,
  sourceIpCount: Number(args['source-ips']),
  natsUrl: args.nats,
  port: Number(args.port),
  pin: args.pin,
  entry: args.entry && path.resolve(args.entry),
  log,
});
const result = figures;
const connected = { open: figures.sockets };
const { deliveredMs, otherCores, stealCores } = figures;
const cpuServer = figures.cpuSeconds.server;
const cpuClient = figures.cpuSeconds.clients;
const load0 = figures.loadAverageAtStart;
const perSocketBytes = figures.memory.perIdleSocketKiB * 1024;
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
