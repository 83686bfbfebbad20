import type { RunningRealtime } from '../src';
import { TestClient, startRealtime, wsUrl } from './harness';

// Every message of docs/api.md 'Realtime (/ws)' and every bad input, against the real service.
describe('realtime protocol', () => {
  let realtime: RunningRealtime;
  let url: string;
  let base: string;

  beforeAll(async () => {
    realtime = await startRealtime({ MAX_MESSAGE_BYTES: '4096' });
    url = wsUrl(realtime.port);
    base = `http://127.0.0.1:${realtime.port}`;
  });
  afterAll(() => realtime.stop());

  it('greets a new socket with a connection message', async () => {
    const client = await TestClient.connect(url);
    expect(client.messages[0]).toEqual({
      type: 'connection',
      status: 'connected',
      timestamp: expect.any(Number),
    });
    client.close();
  });

  it('confirms a subscription to each channel', async () => {
    const client = await TestClient.connect(url);
    for (const channel of ['scores', 'leaderboard', 'updates']) {
      client.send({ type: 'subscribe', channel });
      expect(await client.next((m) => m.type === 'subscription')).toEqual({
        type: 'subscription',
        channel,
        status: 'subscribed',
        timestamp: expect.any(Number),
      });
    }
    await client.subscribe('scores'); // subscribing twice is harmless
    expect(realtime.hub.subscriberCount('scores')).toBeGreaterThanOrEqual(1);
    client.send({ type: 'unsubscribe', channel: 'scores' });
    expect(await client.next((m) => m.type === 'subscription')).toMatchObject({
      channel: 'scores',
      status: 'unsubscribed',
    });
    client.close();
  });

  it('answers a ping with a pong carrying the server time', async () => {
    const client = await TestClient.connect(url);
    const before = Date.now();
    client.send({ type: 'ping', timestamp: before });
    const pong = await client.next((m) => m.type === 'pong');
    expect(pong).toEqual({ type: 'pong', timestamp: expect.any(Number) });
    expect(pong.timestamp as number).toBeGreaterThanOrEqual(before);
    client.close();
  });

  it.each([
    ['text that is not JSON', '{"type": "subscribe", channel', 'Message is not valid JSON'],
    ['a JSON array', '[1,2,3]', 'Message must be a JSON object with a type'],
    ['a JSON string', '"ping"', 'Message must be a JSON object with a type'],
    ['null', 'null', 'Message must be a JSON object with a type'],
    ['no type', '{"channel":"scores"}', 'Message has no type'],
    ['an unknown type', '{"type":"publish","channel":"scores"}', 'Unknown message type: publish'],
    ['an unknown channel', '{"type":"subscribe","channel":"admin"}', 'Unknown channel: admin'],
    ['a channel of the wrong type', '{"type":"subscribe","channel":7}', 'Unknown channel: 7'],
    [
      'a subscribe without channel',
      '{"type":"subscribe"}',
      'subscribe needs a channel (scores, leaderboard, updates or achievements)',
    ],
  ])('answers %s with an error and keeps the socket open', async (_what, text, message) => {
    const client = await TestClient.connect(url);
    client.send(text);
    expect(await client.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      message,
      timestamp: expect.any(Number),
    });
    client.send({ type: 'ping', timestamp: 1 });
    await client.next((m) => m.type === 'pong');
    expect(client.closeCode).toBeUndefined();
    client.close();
  });

  it('answers a binary frame with an error and keeps the socket open', async () => {
    const client = await TestClient.connect(url);
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      message: 'Binary messages are not supported',
    });
    await client.subscribe('scores');
    client.close();
  });

  it('keeps an unknown type from echoing control characters or long text back', async () => {
    const client = await TestClient.connect(url);
    client.send({ type: `\u0000<script>${'x'.repeat(500)}` });
    const error = await client.next((m) => m.type === 'error');
    expect(error.message).toBe(`Unknown message type: ?<script>${'x'.repeat(31)}…`);
    client.close();
  });

  it('closes only the socket that sends an oversized frame (1009), the others carry on', async () => {
    const healthy = await TestClient.connect(url);
    const noisy = await TestClient.connect(url);
    noisy.send({ type: 'ping', timestamp: 'x'.repeat(5000) });
    expect(await noisy.closed).toBe(1009);
    healthy.send({ type: 'ping', timestamp: 1 });
    await healthy.next((m) => m.type === 'pong');
    await healthy.subscribe('leaderboard');
    healthy.close();
  });

  it('serves health and readiness, and tells plain HTTP /ws to upgrade', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { nats: 'connected' } });
    const plain = await fetch(`${base}/ws`);
    expect(plain.status).toBe(426);
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it('refuses a WebSocket handshake on any other path', async () => {
    await expect(TestClient.connect(`ws://127.0.0.1:${realtime.port}/other`)).rejects.toMatchObject(
      { status: 404 },
    );
  });
});
