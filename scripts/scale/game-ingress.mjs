// The scale-out stack's stand-in for the Kubernetes Ingress of `/ws/game` (k8s/: ingress-nginx
// `upstream-hash-by: "$arg_session"`): an HTTP-aware proxy (http-proxy) that sends every
// socket of one game to one sessions replica, picked by a consistent hash of the `session`
// query parameter, so the replica that holds a game in memory gets all of its actions, and the
// loss of a replica moves only its games. A TCP balancer cannot read the URL, hence this one.
//
// The hash is rendezvous hashing (each replica scores hash(session, replica), the highest
// routable one wins): like nginx's consistent ring, a replica leaving moves only the games it
// had, and its coming back brings only those back. A replica is not routable while it is cut
// (the fault suite's network cut), drained (`drain`: it left the Service's endpoints before a
// graceful stop, as a pod's preStop does) or failed recently: a refused connection marks it
// failed for `failMs`, as nginx's passive check (max_fails=1, fail_timeout) does; the client
// whose handshake failed reconnects, and reaches the next replica in its order.
//
// Headers pass as they are (no X-Forwarded-For added), as the front TCP balancer passes them:
// the sessions replicas trust one hop, which is the gateway on its relay and the client itself
// on the direct path (the fault suite's clients say their address, as behind a real Ingress).
import { createHash } from 'node:crypto';
import http from 'node:http';
import httpProxy from 'http-proxy';
import { backendControls, listen } from './backends.mjs';

const GAME_PATH = '/ws/game';

/** The session a request names (`?session=`), '' when none: such sockets still get a replica. */
function sessionOf(url = '/') {
  const query = url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('session') ?? '';
}

const weight = (session, name) =>
  createHash('sha256').update(`${session}\n${name}`).digest().readUInt32BE(0);

function refuse(socket, status, message) {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Listens on `port` (0: any free one) in front of `backends` ([{name, port, host?}], each a
 * sessions replica's GAME_WS_PORT). Resolves once listening.
 */
export async function startGameIngress({
  name = 'game',
  backends,
  port = 0,
  host = '127.0.0.1',
  failMs = 2000,
}) {
  const state = backends.map((backend) => ({
    ...backend,
    target: `http://${backend.host ?? '127.0.0.1'}:${backend.port}`,
    cut: false,
    drained: false,
    failedUntil: 0,
    /** Open game sockets through this replica: client socket → {session, upstream}. */
    open: new Map(),
    total: 0,
  }));
  const proxy = httpProxy.createProxyServer({ xfwd: false });
  // Errors are handled per call below; this keeps one from being thrown.
  proxy.on('error', () => undefined);

  const routable = (b) => !b.cut && !b.drained && b.failedUntil <= Date.now();
  /** Every replica in the order the game's sockets try them (its hash's order). */
  const order = (session) =>
    [...state].sort((a, b) => weight(session, b.name) - weight(session, a.name));
  const pick = (session) => order(session).find(routable);

  function failed(backend, error) {
    // Refused: nothing listens there (the process is down or starting); try others a while.
    if (error?.code === 'ECONNREFUSED') backend.failedUntil = Date.now() + failMs;
  }

  const server = http.createServer((req, res) => {
    const backend = pick(sessionOf(req.url));
    if (!backend) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'No sessions replica is reachable' }));
      return;
    }
    proxy.web(req, res, { target: backend.target }, (error) => {
      failed(backend, error);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'The sessions replica did not answer' }));
    });
  });

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    if ((req.url ?? '/').split('?')[0] !== GAME_PATH) return refuse(socket, 404, 'Not found');
    const session = sessionOf(req.url);
    const backend = pick(session);
    if (!backend) return refuse(socket, 503, 'No sessions replica is reachable');
    const link = { session, upstream: null };
    backend.open.set(socket, link);
    backend.total += 1;
    socket.once('close', () => {
      backend.open.delete(socket);
      link.upstream?.destroy();
    });
    proxy.ws(req, socket, head, { target: backend.target }, (error) => {
      failed(backend, error);
      socket.destroy();
    });
  });
  // The replica's end of each game socket, so that a cut (or the client leaving) resets both.
  proxy.on('proxyReqWs', (proxyReq, req, socket) => {
    proxyReq.on('upgrade', (_res, upstream) => {
      for (const backend of state) {
        const link = backend.open.get(socket);
        if (link) link.upstream = upstream;
      }
      if (socket.destroyed) upstream.destroy();
      upstream.once('close', () => socket.destroy());
    });
  });

  await listen(server, port, host);

  const { resetAll, cut, heal, drain } = backendControls(`ingress ${name}`, state, (backend) =>
    [...backend.open].map(([socket, link]) => [socket, link.upstream]),
  );

  return {
    name,
    port: server.address().port,
    url: `http://${host}:${server.address().port}`,
    /** The replica a game's next socket reaches now (null: none is routable). */
    route: (session) => pick(session)?.name ?? null,
    /** The replica a game's sockets reach while every replica is up: the game's home. */
    home: (session) => order(session)[0].name,
    /** Stops routing to the replica and resets the game sockets it holds (a network cut). */
    cut,
    heal,
    /** No new sockets to the replica; those open stay until it closes them (graceful stop). */
    drain,
    /** {replica: {open, total, cut, drained, sessions}}: the games whose sockets it holds now. */
    stats() {
      return Object.fromEntries(
        state.map((b) => [
          b.name,
          {
            open: b.open.size,
            total: b.total,
            cut: b.cut,
            drained: b.drained,
            sessions: [...b.open.values()].map((link) => link.session),
          },
        ]),
      );
    },
    async stop() {
      for (const backend of state) resetAll(backend);
      proxy.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
