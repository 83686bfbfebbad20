import type { RealtimeClient } from '@/lib/realtime';
import { realtimeUrl, reconnectDelay, type RealtimeStatus } from '@/lib/realtime';
import { FakeWebSocket, installFakeRealtime } from './helpers/fake-websocket';

// The page's realtime connection (docs/product.md 'Live updates') with a fake socket and fake
// timers.
let client: RealtimeClient;
beforeEach(() => {
  jest.useFakeTimers();
  client = installFakeRealtime();
});

function statuses(c: RealtimeClient): RealtimeStatus[] {
  const seen: RealtimeStatus[] = [];
  c.onStatus((s) => seen.push(s));
  return seen;
}

describe('realtime client', () => {
  it('opens ws:// or wss:// to this host at /ws', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/ws',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'ballmatch.example' })).toBe(
      'wss://ballmatch.example/ws',
    );
  });

  it('goes connecting → connected and subscribes on connect', () => {
    const seen = statuses(client);
    const data: unknown[] = [];
    client.subscribe('scores', (d) => data.push(d));
    expect(client.status).toBe('connecting');
    const socket = FakeWebSocket.latest;
    socket.open();
    expect(seen).toEqual(['connecting', 'connected']);
    expect(socket.sentMessages).toEqual([{ type: 'subscribe', channel: 'scores' }]);
    socket.receive({ type: 'update', channel: 'scores', data: { action: 'new_score' } });
    socket.receive({ type: 'update', channel: 'leaderboard', data: { other: true } });
    expect(data).toEqual([{ action: 'new_score' }]);
  });

  it('shares one socket and subscribes again for each new channel', () => {
    client.subscribe('scores', () => undefined);
    FakeWebSocket.latest.open();
    client.subscribe('scores', () => undefined);
    client.subscribe('leaderboard', () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest.sentMessages).toEqual([
      { type: 'subscribe', channel: 'scores' },
      { type: 'subscribe', channel: 'leaderboard' },
    ]);
  });

  it('pings every 30 s while connected and reports the round trip', () => {
    const trips: number[] = [];
    client.onRoundTrip((ms) => trips.push(ms));
    client.subscribe('scores', () => undefined);
    const socket = FakeWebSocket.latest;
    socket.open();
    jest.advanceTimersByTime(29_999);
    expect(socket.sentMessages.filter((m) => m.type === 'ping')).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(socket.sentMessages.filter((m) => m.type === 'ping')).toEqual([
      { type: 'ping', timestamp: Date.now() },
    ]);
    jest.advanceTimersByTime(42);
    socket.receive({ type: 'pong', timestamp: Date.now() });
    expect(trips).toEqual([42]);
    jest.advanceTimersByTime(30_000);
    expect(socket.sentMessages.filter((m) => m.type === 'ping')).toHaveLength(2);
  });

  it('reconnects after 1.5ⁿ s capped at 5 s, re-subscribes, and stops after 5 attempts', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1500, 2250, 3375, 5000, 5000]);
    client.subscribe('scores', () => undefined);
    client.subscribe('leaderboard', () => undefined);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.drop();
    expect(client.status).toBe('closed');

    // Attempt 1 after 1500 ms succeeds: both channels are subscribed again, the count resets.
    jest.advanceTimersByTime(1499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest.open();
    expect(FakeWebSocket.latest.sentMessages).toEqual([
      { type: 'subscribe', channel: 'scores' },
      { type: 'subscribe', channel: 'leaderboard' },
    ]);

    // Then the server stays away: attempts 1..5, then no more.
    FakeWebSocket.latest.drop();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        jest.advanceTimersByTime(50);
        waited += 50;
      }
      waits.push(waited);
      FakeWebSocket.latest.drop();
    }
    expect(waits).toEqual([1500, 2250, 3400, 5000, 5000]);
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(7);
    expect(client.status).toBe('closed');
    expect(console.warn).toHaveBeenCalledWith('[realtime] gave up after 5 reconnect attempts');

    // A new screen asking for it (or `reconnect()`) starts over.
    client.reconnect();
    expect(FakeWebSocket.instances).toHaveLength(8);
  });

  it('logs unparsable messages, unknown types, server errors and failing callbacks, and goes on', () => {
    const received: unknown[] = [];
    client.subscribe('scores', () => {
      throw new Error('boom');
    });
    client.subscribe('scores', (d) => received.push(d));
    const socket = FakeWebSocket.latest;
    socket.open();
    socket.receive('{not json');
    socket.receive({ no: 'type' });
    socket.receive({ type: 'surprise' });
    socket.receive({ type: 'error', message: 'Unknown channel: x' });
    socket.receive({ type: 'update', channel: 'scores', data: 1 });
    expect(received).toEqual([1]);
    const errors = (console.error as jest.Mock).mock.calls.map((c) => c[0]);
    expect(errors).toEqual([
      '[realtime] unparsable message',
      '[realtime] unparsable message',
      '[realtime] subscriber callback failed',
    ]);
    const warnings = (console.warn as jest.Mock).mock.calls.map((c) => c.join(' '));
    expect(warnings).toEqual([
      '[realtime] unknown message type surprise',
      '[realtime] the server refused a message: Unknown channel: x',
    ]);
    expect(client.status).toBe('connected');
  });

  it('unsubscribes when the last listener of a channel leaves, closes when nobody holds it', () => {
    const stopA = client.subscribe('scores', () => undefined);
    const stopB = client.subscribe('scores', () => undefined);
    const socket = FakeWebSocket.latest;
    socket.open();
    stopA();
    expect(socket.sentMessages.filter((m) => m.type === 'unsubscribe')).toEqual([]);
    stopB();
    expect(socket.sentMessages.at(-1)).toEqual({ type: 'unsubscribe', channel: 'scores' });
    expect(client.status).toBe('connected');
    // A screen taking over within the grace period keeps the same socket...
    const release = client.retain();
    jest.advanceTimersByTime(20_000);
    expect(socket.closedWith).toBeUndefined();
    release();
    // ...with nobody left it closes on purpose, and does not reconnect.
    jest.advanceTimersByTime(10_000);
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'No longer needed' });
    expect(client.status).toBe('closed');
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects after a service restart (close 1012) like any other close', () => {
    client.subscribe('scores', () => undefined);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.drop(1012);
    jest.advanceTimersByTime(1500);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
