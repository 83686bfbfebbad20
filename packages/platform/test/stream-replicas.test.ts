// Production runs NATS as a cluster of three: each stream must be kept on all three
// (NATS_STREAM_REPLICAS=3), or it is unavailable while the one server holding it restarts.
// This suite starts its own cluster of three on free ports (never the machine's shared server).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNatsCluster, type NatsCluster } from '@ballmatch/kit';
import { connectEventBus, ensureStreams, streamName, type EventBus } from '../src';
import { eventually, freePorts, testNatsPrefix } from '../src/testing';

const streams = [{ name: 'REPLICATED', subjects: ['replicated.>'] }];
let dir: string;
let cluster: NatsCluster | undefined;
let bus: EventBus;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-nats-cluster-'));
  const ports = await freePorts(6);
  cluster = await startNatsCluster({
    dataDir: dir,
    name: 'bm-test',
    clientPorts: ports.slice(0, 3),
    routePorts: ports.slice(3),
  });
  bus = await connectEventBus({
    url: cluster.url,
    subjectPrefix: testNatsPrefix(),
    name: 'replicas-test',
    streamReplicas: 3,
  });
});

afterAll(async () => {
  await bus?.close();
  await cluster?.stop();
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
