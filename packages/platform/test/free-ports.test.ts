import net from 'node:net';
import { freePorts } from '../src/free-ports';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

it('hands out distinct ports below the ephemeral range that can all be bound at once', async () => {
  const ports = await freePorts(12);
  expect(new Set(ports).size).toBe(12);
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_000);
  }
  const servers = await Promise.all(ports.map(listen));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});
