// What the scale-out stack's fronts (balancer.mjs, game-ingress.mjs) share: listening, and the
// fault suite's controls over one backend by its name (cut, heal, drain).

/** Listens on `port` (0: any free one) at `host`; resolves once listening. */
export function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
}

/**
 * The controls over `state`'s backends ({name, cut, drained, open, ...}) by name, for the front
 * called `label`; `connections(backend)` lists [client socket, upstream socket] of those it holds
 * open. `resetAll(backend)` resets each of them (both ends see ECONNRESET, as when a link drops);
 * `cut` stops routing to one and resets what it holds (a network cut), `heal` routes to it again
 * (and forgets a recent failure), `drain` only stops new connections (those open stay).
 */
export function backendControls(label, state, connections) {
  const find = (backendName) => {
    const backend = state.find((b) => b.name === backendName);
    if (!backend) throw new Error(`${label}: no backend named ${backendName}`);
    return backend;
  };
  const resetAll = (backend) => {
    for (const [client, upstream] of connections(backend)) {
      upstream?.resetAndDestroy();
      client.resetAndDestroy();
    }
    backend.open.clear();
  };
  return {
    resetAll,
    cut(backendName) {
      const backend = find(backendName);
      backend.cut = true;
      resetAll(backend);
    },
    heal(backendName) {
      const backend = find(backendName);
      backend.cut = false;
      backend.drained = false;
      if ('failedUntil' in backend) backend.failedUntil = 0;
    },
    drain(backendName) {
      find(backendName).drained = true;
    },
  };
}
