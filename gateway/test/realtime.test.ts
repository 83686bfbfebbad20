import { start as startRealtime } from '../../services/realtime/src';
import { TestClock, testNatsPrefix } from '@ballmatch/platform/testing';
import { start as startGateway } from '../src';
import { signedInAdmin } from './ads-support';
import { claimOf, playRankedGame } from './ranked-game';
import { openSocket, updateOn, wsUrl } from './realtime-socket';
import { client, stackPerFile } from './stack';

// /ws through the gateway: the upgrade is proxied to the realtime service, which hears the
// scores service's events; cross-site handshakes are refused; X-Forwarded-For is the gateway's.
/** A realtime service of the test's own (on events no other publishes to), `extra` in its env. */
const anotherRealtime = (extra: NodeJS.ProcessEnv = {}) =>
  startRealtime({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    NATS_SUBJECT_PREFIX: testNatsPrefix(),
    ...extra,
  });
/** The sessions service's clock: the test's game is timed on it at a person's pace. */
const sessionsClock = new TestClock();
sessionsClock.set(Date.now());
/** The content service's clock: a scheduled update's time comes when the test moves it. */
const contentClock = new TestClock();
const stack = stackPerFile(
  {},
  { sessionsClock: sessionsClock.now, contentClock: contentClock.now },
);

describe('/ws through the gateway', () => {
  it('upgrades and speaks the realtime protocol', async () => {
    const socket = openSocket(wsUrl(stack.url));
    await socket.opened;
    await socket.next((m) => m.type === 'connection' && m.status === 'connected');
    socket.ws.send(JSON.stringify({ type: 'subscribe', channel: 'scores' }));
    await socket.next((m) => m.type === 'subscription' && m.channel === 'scores');
    socket.ws.send(JSON.stringify({ type: 'ping', timestamp: Date.now() }));
    await socket.next((m) => m.type === 'pong');
    socket.ws.close();
  });

  it('delivers a score accepted through the API to subscribers', async () => {
    const socket = openSocket(wsUrl(stack.url));
    await socket.opened;
    socket.ws.send(JSON.stringify({ type: 'subscribe', channel: 'scores' }));
    await socket.next((m) => m.type === 'subscription');

    const api = client(stack.url);
    const game = await playRankedGame(stack.url, sessionsClock, 'Live Lou', { maxMoves: 30 }, api);
    const accepted = await api.post('/api/scores', claimOf(game), game.owner);
    expect(accepted.status).toBe(200);
    // Waited for, not timed: how fast it comes is measured by docs/benchmarks.md 'Realtime'.
    const update = await socket.next((m) => m.type === 'update');
    expect(update).toEqual(
      updateOn('scores', {
        action: 'new_score',
        score: {
          id: accepted.json.id,
          playerName: 'Live Lou',
          score: game.score,
          level: game.level,
          createdAt: accepted.json.createdAt,
        },
      }),
    );
    socket.ws.close();
  });

  it('delivers a published update to updates subscribers: at once, or when its time comes', async () => {
    const socket = openSocket(wsUrl(stack.url));
    await socket.opened;
    socket.ws.send(JSON.stringify({ type: 'subscribe', channel: 'updates' }));
    await socket.next((m) => m.type === 'subscription' && m.channel === 'updates');
    const admin = await signedInAdmin(stack.url);
    contentClock.set('2026-03-02T10:00:00.000Z');
    const publish = async (title: string, publishDate?: string) => {
      const made = await admin.post('/api/admin/updates', { title, content: '<p>News</p>' });
      const id = made.json.id as string;
      await admin.post(`/api/admin/updates/${id}/publish`, { publishDate });
      return id;
    };
    const announced = (id: string) =>
      socket.next(
        (m) => m.type === 'update' && (m.data as { update: { id: string } }).update.id === id,
      );

    const now = await publish('Out now');
    expect(await announced(now)).toEqual(
      updateOn('updates', {
        action: 'update_published',
        update: { id: now, title: 'Out now', publishDate: '2026-03-02T10:00:00.000Z' },
      }),
    );

    const later = await publish('Later', '2026-03-02T11:00:00.000Z');
    contentClock.advance(3600_000);
    // The scheduler's step, without waiting for its tick.
    await stack.content.announceDue();
    expect((await announced(later)).data).toMatchObject({
      update: { id: later, title: 'Later', publishDate: '2026-03-02T11:00:00.000Z' },
    });
    socket.ws.close();
  });

  it('accepts handshakes from this site or a public origin, refuses cross-site ones', async () => {
    const host = new URL(stack.url).host;
    const same = openSocket(wsUrl(stack.url), { origin: `http://${host}` });
    await same.opened;
    same.ws.close();
    const configured = openSocket(wsUrl(stack.url), { origin: 'http://localhost:8080' });
    await configured.opened;
    configured.ws.close();
    await expect(
      openSocket(wsUrl(stack.url), { origin: 'https://evil.example' }).opened,
    ).rejects.toMatchObject({ status: 403 });
  });

  it('answers a plain HTTP GET /ws with 426 from realtime, other upgrade paths with 404', async () => {
    const res = await fetch(`${stack.url}/ws`);
    expect(res.status).toBe(426);
    await expect(openSocket(`${wsUrl(stack.url)}x`).opened).rejects.toMatchObject({ status: 404 });
  });

  it('forwards the client address it trusts, never one the client wrote', async () => {
    // A realtime that allows 2 sockets per address, behind a gateway that trusts no proxy.
    const limited = await anotherRealtime({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_IP: '2' });
    const gateway = await stack.startExtraGateway({
      REALTIME_URL: `http://127.0.0.1:${limited.port}`,
    });
    const base = `ws://127.0.0.1:${gateway.port}/ws`;
    const sockets = [];
    try {
      for (const spoofed of ['198.51.100.1', '198.51.100.2']) {
        const s = openSocket(base, { 'x-forwarded-for': spoofed });
        await s.opened;
        sockets.push(s);
      }
      // Counted as 127.0.0.1 each time: the third is one too many, whatever it claims.
      await expect(
        openSocket(base, { 'x-forwarded-for': '198.51.100.3' }).opened,
      ).rejects.toMatchObject({
        status: 429,
      });
    } finally {
      for (const s of sockets) s.ws.close();
      await Promise.all(sockets.map((s) => s.closed));
      await limited.stop();
    }
  });

  it('passes the 1012 of a realtime restart on to the client', async () => {
    const restarting = await anotherRealtime();
    const gateway = await stack.startExtraGateway({
      REALTIME_URL: `http://127.0.0.1:${restarting.port}`,
    });
    const socket = openSocket(`ws://127.0.0.1:${gateway.port}/ws`);
    await socket.opened;
    await restarting.stop();
    expect(await socket.closed).toBe(1012);
  });

  it('refuses the handshake when realtime is down, and stays up itself', async () => {
    const gateway = await stack.startExtraGateway({ REALTIME_URL: 'http://127.0.0.1:9' });
    await expect(openSocket(`ws://127.0.0.1:${gateway.port}/ws`).opened).rejects.toThrow();
    const health = await fetch(`http://127.0.0.1:${gateway.port}/healthz`);
    expect(health.status).toBe(200);
  });

  it('cuts proxied sockets when it stops, instead of waiting for them', async () => {
    // Started here, not by the stack: the stack would stop it a second time.
    const gateway = await startGateway(stack.gatewayEnv);
    const socket = openSocket(`ws://127.0.0.1:${gateway.port}/ws`);
    await socket.opened;
    // Left open, the socket would hold stop() for ever (the server's closing reaches only HTTP
    // connections, and the client never closes): stop() ending at all is the cut, at any speed.
    await gateway.stop();
    await socket.closed;
  });
});
