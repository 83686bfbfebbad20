// k6 version of loadtest/realtime/fanout.mjs (same scenario, for a real environment; not run
// in CI): 10,000 WebSockets on /ws subscribed to 'scores' while 20 scores a second are
// published for 60 s; every socket must get every score, p95 ≤ 250 ms and p99 ≤ 500 ms from
// the score's acceptance (its createdAt). k6 cannot publish on NATS, so the node harness
// publishes, as the scores service does:
//
//   k6 run -e WS_URL=ws://realtime-host:8090/ws loadtest/realtime/fanout.k6.js &
//   sleep 40   # until every VU is connected (k6 prints them)
//   node loadtest/realtime/fanout.mjs --publish-only --prefix "$NATS_SUBJECT_PREFIX" \
//     --nats nats://nats-host:4222 --rate 20 --duration 60
//
// Point WS_URL at one realtime process (the goal is per process) or at the gateway's /ws.
// 10,000 VUs need a load generator with `ulimit -n` above 10,000 and several source IPs, or
// several k6 instances (set SOCKETS per instance). Clocks of the publisher and of k6 must
// agree (same machine, or NTP) for the latency to mean anything.
/* global __ENV */
import ws from 'k6/ws';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const URL = __ENV.WS_URL || 'ws://localhost:8080/ws';
const SOCKETS = Number(__ENV.SOCKETS || 10000);
const EXPECTED = Number(__ENV.RATE || 20) * Number(__ENV.SECONDS || 60);
/** How long every socket stays open: connecting, the 60 s of publishing, and a tail. */
const HOLD = Number(__ENV.HOLD || 150);

const delivery = new Trend('score_delivery_ms', true);
const updates = new Counter('score_updates');
const complete = new Counter('sockets_with_every_score');

export const options = {
  scenarios: {
    // Every VU opens its socket at the start and holds it for HOLD s: one iteration each.
    fanout: {
      executor: 'per-vu-iterations',
      vus: SOCKETS,
      iterations: 1,
      maxDuration: `${HOLD + 60}s`,
    },
  },
  thresholds: {
    score_delivery_ms: ['p(95)<=250', 'p(99)<=500'],
    checks: ['rate==1'],
  },
};

export default function () {
  let received = 0;
  const res = ws.connect(URL, {}, (socket) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', channel: 'scores' })));
    socket.on('message', (text) => {
      const message = JSON.parse(text);
      if (message.type !== 'update' || message.channel !== 'scores') return;
      received += 1;
      updates.add(1);
      delivery.add(Date.now() - Date.parse(message.data.score.createdAt));
      if (received === EXPECTED) complete.add(1);
    });
    // Ping every 30 s, as the web client does (docs/api.md, 'Realtime (/ws)').
    socket.setInterval(
      () => socket.send(JSON.stringify({ type: 'ping', timestamp: Date.now() })),
      30000,
    );
    socket.setTimeout(() => socket.close(), HOLD * 1000);
  });
  check(res, { 'handshake 101': (r) => r && r.status === 101 });
  check(received, { 'every score received': (n) => n === EXPECTED });
}
