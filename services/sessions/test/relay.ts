import net from 'node:net';

/**
 * A TCP relay to `target` (PostgreSQL) that a test cuts and restores: while cut, every open
 * connection through it is dropped and new ones are refused, as when the database is out of
 * reach for the process that connects through it; restored, it listens on the same port again.
 */
export async function startRelay(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', close).on('close', close).pipe(upstream);
    upstream.on('error', close).on('close', close).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  return {
    port,
    /** Drops every connection and refuses new ones. */
    async cut(): Promise<void> {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of open) socket.destroy();
      open.clear();
      await closed;
    },
    /** Accepts connections again, on the same port. */
    async restore(): Promise<void> {
      await listen(port);
    },
    async stop(): Promise<void> {
      if (server.listening) await this.cut();
    },
  };
}
