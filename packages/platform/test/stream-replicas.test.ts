// Production runs NATS as a cluster of three: each stream must be kept on all three
// (NATS_STREAM_REPLICAS=3), or it is unavailable while the one server holding it restarts.
// This suite starts its own cluster of three on free ports (never the machine's shared server).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connectEventBus, ensureStreams, streamName, type EventBus } from '../src';
import { eventually, testNatsPrefix } from '../src/testing';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const streams = [{ name: 'REPLICATED', subjects: ['replicated.>'] }];
let dir: string;
let servers: ChildProcess[] = [];
let bus: EventBus;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-nats-cluster-'));
  const clients = await Promise.all([0, 1, 2].map(freePort));
  const routes = await Promise.all([0, 1, 2].map(freePort));
  const routeList = routes.map((p) => `nats://127.0.0.1:${p}`).join(',');
  servers = clients.map((port, i) =>
    spawn(
      'nats-server',
      [
        ...['-a', '127.0.0.1', '-p', String(port), '-n', `n${i}`, '-js'],
        ...['-sd', path.join(dir, `n${i}`), '--cluster_name', 'bm-test'],
        ...['--cluster', `nats://127.0.0.1:${routes[i]}`, '--routes', routeList],
      ],
      { stdio: 'ignore' },
    ),
  );
  bus = await connectEventBus({
    url: clients.map((p) => `nats://127.0.0.1:${p}`).join(','),
    subjectPrefix: testNatsPrefix(),
    name: 'replicas-test',
    streamReplicas: 3,
  });
});

afterAll(async () => {
  await bus?.close();
  for (const server of servers) server.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps each stream on every server of the cluster', async () => {
  // The cluster elects its JetStream leader a moment after the servers start.
  await eventually(
    () =>
      ensureStreams(bus, streams).then(
        () => true,
        () => false,
      ),
    { timeoutMs: 20_000, intervalMs: 200 },
  );
  const jsm = await bus.connection.jetstreamManager();
  const info = await jsm.streams.info(streamName(bus.subject(''), 'REPLICATED'));
  expect(info.config.num_replicas).toBe(3);
  expect(info.cluster?.replicas).toHaveLength(2); // the leader plus two copies
});
