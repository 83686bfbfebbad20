import type { Server } from 'node:http';

/**
 * Starts `server` on `port` (0: any free one) and `host`; resolves with the port it got, or
 * rejects with the listen error (a port in use) instead of leaving it unhandled.
 */
export async function listen(server: Server, port: number, host?: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return (server.address() as { port: number }).port;
}
