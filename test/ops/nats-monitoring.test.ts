// NATS watched: the production StatefulSet's exporter sidecar reads NATS's monitoring endpoint
// the way prometheus-nats-exporter does (-varz, -jsz=all: /varz and
// /jsz?consumers=true&config=true), and a real three-server JetStream cluster answers there
// with every field the alerts' jetstream_* metrics are made of (meta leader, storage used and
// reserved, each stream's last sequence, each consumer's pending and delivered sequence).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNatsCluster, type NatsCluster } from '@ballmatch/kit';
import { AckPolicy } from 'nats';
import {
  connectEventBus,
  ensureStreams,
  streamName,
  type EventBus,
} from '../../packages/platform/src';
import { eventually, freePorts, testNatsPrefix } from '../../packages/platform/src/testing';
import { containers, podTemplate } from '../deploy/pods';
import { find, render } from '../deploy/render';
import { arr, obj, readText } from '../deploy/repo';

describe('the production NATS exporter sidecar', () => {
  const objects = render('k8s/overlays/production');
  const nats = find(objects, 'StatefulSet', 'nats')!;
  const [server, exporter] = [
    containers(nats).find((c) => c.name === 'nats')!,
    containers(nats).find((c) => c.name === 'exporter'),
  ];
  const portOf = (c: Record<string, unknown>, name: string) =>
    Number(
      arr(c.ports)
        .map(obj)
        .find((p) => p.name === name)?.containerPort,
    );

  it("reads varz and every stream and consumer from the server's monitoring port", () => {
    expect(exporter).toBeDefined();
    const monitor = portOf(server, 'monitor');
    expect(readText('k8s/overlays/production/nats/nats.conf')).toMatch(
      new RegExp(`^http_port: ${monitor}$`, 'm'),
    );
    const args = arr(exporter!.args).map(String);
    expect(args).toEqual(expect.arrayContaining(['-varz', '-jsz=all']));
    expect(args.at(-1)).toBe(`http://localhost:${monitor}`);
    expect(args).toContain(`-port=${portOf(exporter!, 'metrics')}`);
  });

  it('is scraped: annotations name its port, and the policy admits the monitoring namespace', () => {
    const metrics = portOf(exporter!, 'metrics');
    expect(podTemplate(nats).annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metrics),
      'prometheus.io/path': '/metrics',
    });
    const policy = find(objects, 'NetworkPolicy', 'nats')!;
    const fromMonitoring = arr(obj(policy.spec).ingress)
      .map(obj)
      .filter((rule) =>
        arr(rule.from).some(
          (peer) =>
            obj(obj(obj(peer).namespaceSelector).matchLabels)['kubernetes.io/metadata.name'] ===
            'monitoring',
        ),
      );
    const ports = fromMonitoring.flatMap((rule) => arr(rule.ports).map((p) => obj(p).port));
    expect(ports).toContain('metrics');
  });
});

describe("a JetStream cluster's monitoring endpoint", () => {
  const prefix = testNatsPrefix();
  const stream = { name: 'WATCHED', subjects: ['watched.>'] };
  let dir: string;
  let cluster: NatsCluster | undefined;
  let monitors: number[] = [];
  let bus: EventBus;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-nats-watch-'));
    const ports = await freePorts(9);
    monitors = ports.slice(6);
    cluster = await startNatsCluster({
      dataDir: dir,
      name: 'bm-watch',
      clientPorts: ports.slice(0, 3),
      routePorts: ports.slice(3, 6),
      monitorPorts: monitors,
    });
    bus = await connectEventBus({
      url: cluster.url,
      subjectPrefix: prefix,
      name: 'watch-test',
      streamReplicas: 3,
    });
  }, 60_000);

  afterAll(async () => {
    await bus?.close();
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What the exporter's -jsz=all asks each server for. */
  const jsz = async (monitor: number) => {
    const res = await fetch(`http://127.0.0.1:${monitor}/jsz?consumers=true&config=true`);
    return (await res.json()) as Record<string, unknown>;
  };

  it('names the meta leader, storage used and reserved, and each consumer pending', async () => {
    await eventually(
      () =>
        ensureStreams(bus, [stream]).then(
          () => true,
          () => false,
        ),
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    const name = streamName(prefix, stream.name);
    const jsm = await bus.connection.jetstreamManager();
    await jsm.consumers.add(name, { durable_name: 'watcher', ack_policy: AckPolicy.Explicit });
    const js = bus.connection.jetstream();
    for (let i = 0; i < 3; i += 1)
      await js.publish(bus.subject('watched.event'), new Uint8Array(8));

    // Every server names the same leader, one of the three (jetstream_*'s meta_leader and
    // is_meta_leader labels; the exporter reads the server's own name from /varz).
    const names = await Promise.all(
      monitors.map(async (m) => {
        const varz = (await (await fetch(`http://127.0.0.1:${m}/varz`)).json()) as {
          server_name: string;
        };
        return varz.server_name;
      }),
    );
    expect(names.sort()).toEqual(['n0', 'n1', 'n2']);
    const leaders = await eventually(
      async () => {
        const all = await Promise.all(monitors.map(jsz));
        const seen = all.map((j) => obj(j.meta_cluster).leader);
        return seen.every((l) => typeof l === 'string' && l === seen[0] && l !== '') ? seen : null;
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    expect(names).toContain(leaders![0]);

    // On the server leading the stream: storage (jetstream_server_total_message_bytes against
    // _max_storage), the stream's last sequence and the consumer's pending and delivered.
    const detail = await eventually(
      async () => {
        for (const j of await Promise.all(monitors.map(jsz))) {
          for (const account of arr(j.account_details).map(obj)) {
            const found = arr(account.stream_detail)
              .map(obj)
              .find((s) => s.name === name && obj(s.cluster).leader !== undefined);
            const consumer = arr(found?.consumer_detail)
              .map(obj)
              .find((c) => c.name === 'watcher');
            if (found && consumer && consumer.num_pending === 3) return { j, found, consumer };
          }
        }
        return null;
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    const { j, found, consumer } = detail!;
    expect(Number(obj(j.config).max_storage)).toBeGreaterThan(0);
    expect(Number(j.bytes)).toBeGreaterThan(0);
    expect(obj(found.state).last_seq).toBe(3);
    expect(consumer.num_pending).toBe(3);
    expect(obj(consumer.delivered).stream_seq).toBe(0);
  }, 60_000);
});
