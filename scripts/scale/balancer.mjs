// A local TCP balancer for the scale-out stack: each client connection goes to the next backend
// in turn (round robin), so HTTP, WebSocket and gRPC (HTTP/2) pass through unchanged, as they
// would through a Kubernetes Service or a cloud L4 load balancer. A backend that refuses the
// connection is skipped (the next one is tried), so a killed replica costs a client nothing
// but the requests it had in flight.
//
// `cut(name)` is the fault suite's network cut: the balancer stops routing to that backend and
// resets every connection it holds to it (the peers see ECONNRESET, as when a link drops);
// `heal(name)` routes to it again. `drain(name)` only stops new connections to it (those open
// stay until the backend closes them): a replica leaving the Service's endpoints before a
// graceful stop, as a pod's preStop does. With one backend it is a cuttable link in front of one
// replica, which is how gRPC replicas are cut (their clients are given the links' addresses).
import net from 'node:net';
import { backendControls, listen } from './backends.mjs';

/**
 * Listens on `port` (0: any free one) and spreads connections over `backends`
 * ([{name, port, host?}]). Resolves once listening.
 */
export async function startBalancer({ name, backends, port = 0, host = '127.0.0.1' }) {
  const state = backends.map((backend) => ({
    ...backend,
    host: backend.host ?? '127.0.0.1',
    cut: false,
    drained: false,
    /** Client sockets currently piped to this backend. */
    open: new Set(),
    /** Connections ever made to it. */
    total: 0,
  }));
  let next = 0;

  function candidates() {
    const order = [];
    for (let i = 0; i < state.length; i++) {
      const backend = state[(next + i) % state.length];
      if (!backend.cut && !backend.drained) order.push(backend);
    }
    next = (next + 1) % state.length;
    return order;
  }

  function connect(client, order) {
    const backend = order.shift();
    if (!backend) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect({ host: backend.host, port: backend.port });
    upstream.setNoDelay(true);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      if (backend.cut || client.destroyed) {
        upstream.destroy();
        client.destroy();
        return;
      }
      backend.total += 1;
      backend.open.add(client);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on('error', (error) => {
      // Not reachable at all: the next backend gets the connection (nothing was sent yet).
      if (!connected && !client.destroyed && error.code === 'ECONNREFUSED') {
        connect(client, order);
        return;
      }
      client.destroy();
    });
    upstream.once('close', () => {
      backend.open.delete(client);
      if (connected) client.destroy();
    });
    client.once('close', () => {
      backend.open.delete(client);
      upstream.destroy();
    });
    client.pairedWith = { backend, upstream };
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    client.setNoDelay(true);
    client.on('error', () => client.destroy());
    connect(client, candidates());
  });
  await listen(server, port, host);

  const { cut, heal, drain } = backendControls(`balancer ${name}`, state, (backend) =>
    [...backend.open].map((client) => [client, client.pairedWith?.upstream]),
  );

  return {
    name,
    port: server.address().port,
    address: `${host}:${server.address().port}`,
    /** Stops routing to the backend and resets every connection it holds. */
    cut,
    heal,
    /** No new connections to the backend; open ones stay. */
    drain,
    /** {backend: {open, total, cut}}: connections open now and ever made, per backend. */
    stats() {
      return Object.fromEntries(
        state.map((b) => [b.name, { open: b.open.size, total: b.total, cut: b.cut }]),
      );
    },
    async stop() {
      for (const backend of state) for (const client of backend.open) client.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
