import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { EventBus } from '@ballmatch/platform';
import type { RunningRealtime } from '../src';
import { eventually } from '@ballmatch/platform/testing';
import { publisher, scoreEvent, startRealtime, TestClient } from './harness';

// NATS goes away and comes back: the service reconnects and delivery resumes by itself. The
// machine's NATS is shared with other test runs, so this test runs (and kills) its own.
const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startNats(port: number): Promise<ChildProcess> {
  const child = spawn(NATS_SERVER, ['-p', String(port), '-a', '127.0.0.1'], { stdio: 'ignore' });
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('data', (chunk) => {
          socket.destroy();
          resolve(chunk.toString().startsWith('INFO'));
        });
        socket.once('error', () => resolve(false));
      }),
    { timeoutMs: 10_000 },
  );
  return child;
}

async function stopNats(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('realtime across a NATS restart', () => {
  let port: number;
  let nats: ChildProcess | undefined;
  let realtime: RunningRealtime | undefined;
  let bus: EventBus | undefined;

  beforeAll(async () => {
    port = await freePort();
    nats = await startNats(port);
  });
  afterAll(async () => {
    await bus?.close().catch(() => {});
    await realtime?.stop();
    if (nats) await stopNats(nats);
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

    await stopNats(nats!);
    await eventually(async () => (await ready()) === 503, { timeoutMs: 10_000 });
    // The sockets stay open while NATS is away.
    expect(client.closeCode).toBeUndefined();

    nats = await startNats(port);
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
