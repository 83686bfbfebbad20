import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStore, type StoreHandle } from '@ballmatch/kit';
import type { EventBus } from '@ballmatch/platform';
import type { RunningRealtime } from '../src';
import { eventually, freePorts } from '@ballmatch/platform/testing';
import { publisher, scoreEvent, startRealtime, TestClient } from './harness';

// NATS goes away and comes back: the service reconnects and delivery resumes by itself. The
// machine's NATS is shared with other test runs, so this test runs (and kills) its own.
describe('realtime across a NATS restart', () => {
  let port: number;
  let dir: string;
  let nats: StoreHandle | undefined;
  let realtime: RunningRealtime | undefined;
  let bus: EventBus | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-realtime-nats-'));
    port = (await freePorts(1))[0]!;
    nats = await startStore('nats', { dataDir: dir, port });
  });
  afterAll(async () => {
    await bus?.close().catch(() => {});
    await realtime?.stop();
    await nats?.stop('SIGKILL');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const ready = async () =>
    (await fetch(`http://127.0.0.1:${realtime!.port}/readyz`).catch(() => null))?.status;

  it('reports not ready while NATS is away and delivers again once it is back', async () => {
    const url = `nats://127.0.0.1:${port}`;
    realtime = await startRealtime({ NATS_URL: url });
    bus = await publisher(realtime.bus.subject(''), url);
    const client = await TestClient.subscribed(realtime.port, 'scores');

    const before = scoreEvent({ playerName: 'Before' });
    bus.publish('scores.created', before);
    await bus.connection.flush();
    await client.next((m) => m.type === 'update');

    await nats!.stop('SIGKILL');
    await eventually(async () => (await ready()) === 503, { timeoutMs: 10_000 });
    // The sockets stay open while NATS is away.
    expect(client.closeCode).toBeUndefined();

    await nats!.start();
    await eventually(async () => (await ready()) === 200, { timeoutMs: 15_000 });
    // The publisher reconnects on its own too; the same event again is delivered once.
    const after = scoreEvent({ playerName: 'After' });
    await eventually(
      async () => {
        try {
          bus!.publish('scores.created', after);
          await bus!.connection.flush();
        } catch {
          return false; // still reconnecting: try again
        }
        return client.updates().length === 2;
      },
      { timeoutMs: 15_000 },
    );
    expect(
      client.updates().map((m) => (m.data as { score: { playerName: string } }).score),
    ).toEqual([
      expect.objectContaining({ playerName: 'Before' }),
      expect.objectContaining({ playerName: 'After' }),
    ]);
    client.close();
  }, 45_000);
});
