// The client side of the fan-out benchmark (run by fanout-run.mjs in its own process): opens
// SOCKETS WebSockets to the server from several loopback source addresses, subscribes each to
// 'scores', and measures for every update how long after the score's acceptance (its
// createdAt) it arrived. Talks to the parent over IPC.
//
// BENCH_PROTOCOL says what is spoken inside the WebSocket: 'ballmatch' (our /ws JSON messages)
// or 'socketio' (Socket.IO v5 packets in Engine.IO v4 framing, as socket.io-client speaks over
// its websocket transport). The TCP, HTTP and frame handling are the same code for both, so
// the clients of either server cost the same.
import net from 'node:net';

const url = process.env.BENCH_URL;
const protocol = process.env.BENCH_PROTOCOL ?? 'ballmatch';
if (protocol !== 'ballmatch' && protocol !== 'socketio') {
  throw new Error(`BENCH_PROTOCOL ${protocol}: 'ballmatch' or 'socketio'`);
}
const total = Number(process.env.BENCH_SOCKETS);
const sourceIps = process.env.BENCH_SOURCE_IPS.split(',');
const inFlight = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 200);

// Delivery latency in whole milliseconds, as a histogram (10,000 sockets × 1,200 updates
// would be 12 million samples): bucket i counts deliveries that took i ms. Five minutes: a
// server that falls behind (Socket.IO at 20 scores/s here) delivers minutes late.
const HISTOGRAM_MS = 300_000;
const histogram = new Float64Array(HISTOGRAM_MS + 1);
let delivered = 0;
let duplicates = 0;
let closedEarly = 0;
/** When the last update arrived (ms since the epoch): the end of the deliveries. */
let lastDeliveryAt = 0;
const received = new Int32Array(total);
const lastSeq = new Int32Array(total).fill(-1);
const sockets = [];
// Per score: when its first and its last copy arrived (latency ms), to tell the server's delay
// before a flush from the time one flush takes to reach every socket.
const MAX_EVENTS = 100_000;
const firstMs = new Float64Array(MAX_EVENTS).fill(Infinity);
const lastMs = new Float64Array(MAX_EVENTS).fill(-1);

const CREATED = Buffer.from('"createdAt":"');
const ID = Buffer.from('"id":"b');

/** Reads the update without JSON.parse: a benchmark client should not be the bottleneck. */
function onUpdate(index, data) {
  const now = Date.now();
  const at = data.indexOf(CREATED);
  const idAt = data.indexOf(ID);
  if (at < 0 || idAt < 0) return;
  const createdAt = Date.parse(
    data.toString('latin1', at + CREATED.length, at + CREATED.length + 24),
  );
  let seq = 0;
  for (let i = idAt + ID.length; data[i] >= 48 && data[i] <= 57; i++) seq = seq * 10 + data[i] - 48;
  if (seq <= lastSeq[index]) {
    duplicates += 1;
    return;
  }
  lastSeq[index] = seq;
  received[index] += 1;
  delivered += 1;
  lastDeliveryAt = now;
  const latency = Math.min(Math.max(now - createdAt, 0), HISTOGRAM_MS);
  histogram[latency] += 1;
  if (seq < MAX_EVENTS) {
    if (latency < firstMs[seq]) firstMs[seq] = latency;
    if (latency > lastMs[seq]) lastMs[seq] = latency;
  }
}

// A minimal WebSocket client on a bare TCP socket: handshake, then unmasked server frames in,
// masked pongs out. A full client library costs several microseconds per message, and the
// clients of 10,000 sockets share one core here, so the client must not be the bottleneck.
const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';
const { hostname, port, pathname, search } = new URL(url);
const text = (message) => maskedFrame(0x1, Buffer.from(message));
const SUBSCRIBE = text('{"type":"subscribe","channel":"scores"}');

// Socket.IO over Engine.IO v4: the server opens with `0{sid,…}`, the client connects to the
// main namespace (`40`), and once told `40{sid}` emits `42["subscribe","scores"]`; the server
// answers `42["subscription",…]` and then sends `42["scores",{…}]` per update. The heartbeat
// is the server's `2`, answered `3`.
const SIO_CONNECT = text('40');
const SIO_SUBSCRIBE = text('42["subscribe","scores"]');
const SIO_PONG = text('3');
const SIO_SUBSCRIBED = Buffer.from('42["subscription"');
const SIO_UPDATE = Buffer.from('42["scores"');

/**
 * What the client does with one text message (a complete frame's payload). Returns 'subscribed'
 * when the server confirms the subscription, 'update' for an update, else null.
 */
function onBallmatchText(socket, payload, subscribed) {
  if (subscribed) return 'update';
  return payload.includes('"subscription"') ? 'subscribed' : null;
}

function onSocketIoText(socket, payload, subscribed) {
  const type = payload[0];
  if (type === 0x34 /* 4: a Socket.IO packet */) {
    if (payload.subarray(0, SIO_UPDATE.length).equals(SIO_UPDATE))
      return subscribed ? 'update' : null;
    if (payload[1] === 0x30 /* 0: namespace connected */) socket.write(SIO_SUBSCRIBE);
    else if (payload.subarray(0, SIO_SUBSCRIBED.length).equals(SIO_SUBSCRIBED)) return 'subscribed';
    else if (payload[1] === 0x31 /* 1: disconnected */) socket.end();
  } else if (type === 0x32 /* 2: ping */) {
    socket.write(SIO_PONG);
  } else if (type === 0x30 /* 0: Engine.IO open */) {
    socket.write(SIO_CONNECT);
  }
  return null;
}

const onText = protocol === 'socketio' ? onSocketIoText : onBallmatchText;
const FIRST_MESSAGE = protocol === 'socketio' ? null : SUBSCRIBE;

function maskedFrame(opcode, payload) {
  if (payload.length > 125) throw new Error('short frames only');
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  // A zero mask: allowed (clients choose it) and it leaves the payload as is.
  payload.copy(frame, 6);
  return frame;
}

function connectOne(index) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      localAddress: sourceIps[index % sourceIps.length],
    });
    socket.setNoDelay(true);
    let pending = null; // bytes of an incomplete frame
    let handshaken = false;
    let subscribed = false;
    socket.on('connect', () => {
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      let data = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = null;
      if (!handshaken) {
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) {
          pending = data;
          return;
        }
        if (!data.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
          socket.destroy();
          return reject(new Error(data.toString('latin1', 0, data.indexOf('\r\n'))));
        }
        handshaken = true;
        if (FIRST_MESSAGE) socket.write(FIRST_MESSAGE);
        data = data.subarray(end + 4);
      }
      let at = 0;
      while (at + 2 <= data.length) {
        const opcode = data[at] & 0x0f;
        let length = data[at + 1] & 0x7f;
        let headerLength = 2;
        if (length === 126) {
          if (at + 4 > data.length) break;
          length = data.readUInt16BE(at + 2);
          headerLength = 4;
        } else if (length === 127) {
          if (at + 10 > data.length) break;
          length = Number(data.readBigUInt64BE(at + 2));
          headerLength = 10;
        }
        if (at + headerLength + length > data.length) break;
        const payload = data.subarray(at + headerLength, at + headerLength + length);
        at += headerLength + length;
        if (opcode === 0x1) {
          const outcome = onText(socket, payload, subscribed);
          if (outcome === 'update') onUpdate(index, payload);
          else if (outcome === 'subscribed' && !subscribed) {
            subscribed = true;
            resolve(socket);
          }
        } else if (opcode === 0x9) {
          socket.write(maskedFrame(0xa, payload)); // the heartbeat: answer it
        } else if (opcode === 0x8) {
          socket.end();
        }
      }
      if (at < data.length) pending = data.subarray(at);
    });
    socket.on('error', (error) => {
      if (!subscribed) reject(error);
    });
    socket.on('close', () => {
      if (subscribed) closedEarly += 1;
      else reject(new Error('closed before subscribing'));
    });
  });
}

async function connectAll() {
  let next = 0;
  let failed = 0;
  async function lane() {
    while (next < total) {
      const index = next++;
      for (let attempt = 0; ; attempt++) {
        try {
          sockets[index] = await connectOne(index);
          break;
        } catch (error) {
          if (attempt >= 3) {
            failed += 1;
            process.send({ type: 'log', message: `socket ${index}: ${error.message}` });
            break;
          }
          await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
        }
      }
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  return { failed, ms: Date.now() - started };
}

function percentile(p, count) {
  const rank = Math.ceil((p / 100) * count);
  let seen = 0;
  for (let ms = 0; ms <= HISTOGRAM_MS; ms++) {
    seen += histogram[ms];
    if (seen >= rank) return ms;
  }
  return HISTOGRAM_MS;
}

function report(expectedPerSocket) {
  let min = Infinity;
  let max = 0;
  let complete = 0;
  for (let i = 0; i < total; i++) {
    min = Math.min(min, received[i]);
    max = Math.max(max, received[i]);
    if (received[i] === expectedPerSocket) complete += 1;
  }
  let maxMs = 0;
  let sum = 0;
  for (let ms = 0; ms <= HISTOGRAM_MS; ms++) {
    if (histogram[ms] > 0) maxMs = ms;
    sum += ms * histogram[ms];
  }
  const events = Math.min(expectedPerSocket, MAX_EVENTS);
  const sorted = (values) => [...values.subarray(0, events)].sort((a, b) => a - b);
  const at = (list, p) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)];
  const first = sorted(firstMs);
  const spread = sorted(lastMs.subarray(0, events).map((last, i) => last - firstMs[i]));
  return {
    delivered,
    lastDeliveryAt,
    expected: expectedPerSocket * total,
    /** Per score: latency of its first copy, and how long until its last copy (ms). */
    perScore: {
      firstCopyMs: { p50: at(first, 50), p95: at(first, 95), max: at(first, 100) },
      firstToLastMs: { p50: at(spread, 50), p95: at(spread, 95), max: at(spread, 100) },
    },
    duplicates,
    closedEarly,
    perSocket: { min, max, complete },
    latencyMs: {
      mean: delivered ? sum / delivered : 0,
      p50: percentile(50, delivered),
      p95: percentile(95, delivered),
      p99: percentile(99, delivered),
      max: maxMs,
    },
  };
}

process.on('message', async (message) => {
  if (message.type === 'connect') {
    const result = await connectAll();
    process.send({ type: 'connected', ...result, open: sockets.filter(Boolean).length });
  } else if (message.type === 'progress') {
    process.send({ type: 'progress', delivered });
  } else if (message.type === 'report') {
    process.send({ type: 'report', ...report(message.expectedPerSocket) });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket?.destroy();
    process.exit(0);
  }
});
process.send({ type: 'ready' });
