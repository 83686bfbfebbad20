import net from 'node:net';

/** Binds `port` on 127.0.0.1 if it is free; null if it is taken. */
function hold(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * `count` free ports from 20000–31999, below Linux's ephemeral range, all held together so they
 * differ: a port listen(0) hands out is an ephemeral one, which any outgoing connection may
 * take as its source port before the process that should listen on it binds it.
 */
export async function freePorts(count) {
  const held = [];
  while (held.length < count) {
    const server = await hold(20_000 + Math.floor(Math.random() * 12_000));
    if (server) held.push(server);
  }
  const ports = held.map((s) => s.address().port);
  await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
