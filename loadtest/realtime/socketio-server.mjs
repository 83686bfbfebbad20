// The other side of the realtime comparison (issue 14): a minimal Socket.IO server doing what
// services/realtime does for the 'scores' channel, configured as a performance-minded team
// would: the websocket transport only (no long-polling), no compression, no served client.
// It hears the same NATS subject, reads each event with the service's own reader (the same
// checks, the same message), and broadcasts it to the room of the sockets that subscribed:
// Socket.IO's in-memory adapter encodes the packet and the WebSocket frame once per broadcast
// and writes the same bytes to every socket, as our hub does.
//
//   PORT=8091 NATS_URL=nats://127.0.0.1:4222 NATS_SUBJECT_PREFIX=bench. \
//     node loadtest/realtime/socketio-server.mjs
//
// It listens only once NATS is subscribed, so GET /readyz answers 200 from the start. Clients connect to
// ws://HOST:PORT/socket.io/?EIO=4&transport=websocket and emit ('subscribe', 'scores').
import http from 'node:http';
import { connect } from 'nats';
import { Server } from 'socket.io';
import proto from '@ballmatch/proto';
// The built service (CommonJS): its event reader and its de-duplication of event ids.
import events from '../../services/realtime/dist/events.js';
import recentIds from '../../services/realtime/dist/recent-ids.js';

const CHANNEL = 'scores';
const port = Number(process.env.PORT ?? 8091);
const host = process.env.HOST ?? '127.0.0.1';
const prefix = process.env.NATS_SUBJECT_PREFIX ?? '';
/** The same heartbeat period as services/realtime's default HEARTBEAT_INTERVAL_MS. */
const HEARTBEAT_MS = 30_000;

const server = http.createServer((req, res) => {
  const ready = req.url === '/readyz';
  res.writeHead(ready ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: ready ? 'ready' : 'not found' }));
});
const io = new Server(server, {
  transports: ['websocket'],
  perMessageDeflate: false,
  httpCompression: false,
  serveClient: false,
  pingInterval: HEARTBEAT_MS,
  pingTimeout: HEARTBEAT_MS,
  // Our service accepts client messages up to MAX_MESSAGE_BYTES (4 KiB) by default.
  maxHttpBufferSize: 4096,
});

io.on('connection', (socket) => {
  socket.on('subscribe', (channel) => {
    if (channel !== CHANNEL) return;
    socket.join(CHANNEL);
    socket.emit('subscription', { channel, status: 'subscribed', timestamp: Date.now() });
  });
});

const nats = await connect({
  servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  name: 'socketio-bench',
});
const subject = proto.EVENTS.scoreCreated.subject;
const recent = new recentIds.RecentIds(10_000);
nats.subscribe(`${prefix}${subject}`, {
  callback: (error, msg) => {
    if (error || msg.data.length > events.MAX_EVENT_BYTES) return;
    let payload;
    try {
      payload = msg.json();
    } catch {
      return;
    }
    const reading = events.readEvent(subject, payload);
    // The score's own message (an accepted score's boards go to the leaderboard channel).
    const fanout = reading.ok ? reading.fanouts.find((f) => f.channel === CHANNEL) : undefined;
    if (!fanout || !recent.firstSighting(fanout.eventId)) return;
    // The same JSON as our hub's update message, as the event's one argument.
    io.to(CHANNEL).emit(CHANNEL, {
      type: 'update',
      channel: CHANNEL,
      data: fanout.data,
      timestamp: Date.now(),
    });
  },
});
await nats.flush();
server.listen(port, host);

const stop = async () => {
  io.close();
  await nats.drain();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
