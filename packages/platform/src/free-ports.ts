import net from 'node:net';

/** Binds `port` on 127.0.0.1 if it is free; null if it is taken. */
function hold(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * `count` free ports from 20000–31999, below Linux's ephemeral range (32768 and up), all held
 * open together so they differ. A port listen(0) hands out is an ephemeral one, which any
 * outgoing connection (to PostgreSQL, Redis, another stack) may take as its source port between
 * this check and the bind of the process that should listen on it: seen as 'port … already in
 * use' when two stacks start at once.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: net.Server[] = [];
  while (held.length < count) {
    const server = await hold(20_000 + Math.floor(Math.random() * 12_000));
    if (server) held.push(server);
  }
  const ports = held.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
