import { once } from 'node:events';
import net from 'node:net';
import { eventually } from '@ballmatch/platform/testing';
import { rawSocket, startRealtime, TestClient, wsUrl } from './harness';

// Dead peers, stuck readers, one address opening too many sockets, and shutdown.
describe('realtime robustness', () => {
  it('drops a socket that stops answering the heartbeat, keeps the ones that answer', async () => {
    // The test beats (the interval, an hour, never comes): with a short interval a pause of a
    // busy machine between a ping and the next beat would drop the healthy socket too.
    const realtime = await startRealtime({ HEARTBEAT_INTERVAL_MS: String(3600_000) });
    try {
      const healthy = await TestClient.connect(wsUrl(realtime.port));
      const silent = await TestClient.connect(wsUrl(realtime.port), { autoPong: false });
      const dead = await rawSocket(realtime.port);
      const deadClosed = new Promise((resolve) => dead.once('close', resolve));
      // Fails the wait below at once if the healthy socket is dropped.
      const dropped = healthy.closed.then((code) => {
        throw new Error(`the healthy socket was dropped (${code})`);
      });
      dropped.catch(() => {});
      /** A beat, answered by the healthy socket alone (a pong, no message), the pong heard. */
      const beatAnswered = async () => {
        const pinged = once(healthy.ws, 'ping'); // ws has sent the pong by then
        realtime.hub.beat();
        await Promise.race([pinged, dropped]);
        // The server answers a ping of the client's own after reading the pong sent before it
        // (a ping is not a message: it keeps nothing alive by itself).
        const ponged = once(healthy.ws, 'pong');
        healthy.ws.ping();
        await Promise.race([ponged, dropped]);
      };
      await beatAnswered();
      // The next beat drops the two that did not answer the last.
      await beatAnswered();
      await deadClosed;
      // Terminated, not closed politely: a dead peer would never answer a close frame.
      expect(await silent.closed).toBe(1006);
      await beatAnswered();
      expect(healthy.closeCode).toBeUndefined();
      expect(realtime.hub.connectionCount).toBe(1);
      healthy.close();
    } finally {
      await realtime.stop();
    }
  });

  it('drops a subscriber that stops reading once its send buffer passes the limit', async () => {
    // Every update flushed on its own, so each round below can wait for its own delivery.
    const realtime = await startRealtime({
      MAX_BUFFERED_BYTES: String(256 * 1024),
      BATCH_INTERVAL_MS: '0',
    });
    try {
      const reader = await TestClient.connect(wsUrl(realtime.port));
      await reader.subscribe('scores');
      const stuck = await rawSocket(realtime.port);
      stuck.write(maskedText(JSON.stringify({ type: 'subscribe', channel: 'scores' })));
      await eventually(() => realtime.hub.subscriberCount('scores') === 2, { timeoutMs: 5000 });
      stuck.pause(); // reads nothing more: the kernel buffers fill, then the server's

      // Big updates fill the loopback buffers (a few MB) quickly.
      const payload = 'x'.repeat(64 * 1024);
      let rounds = 0;
      while (realtime.hub.subscriberCount('scores') === 2 && rounds < 1000) {
        realtime.hub.broadcast('scores', { action: 'new_score', payload, rounds });
        rounds += 1;
        // Flushed (to both sockets at once) once the reader has it.
        await reader.next((m) => m.type === 'update', 10_000);
      }
      // Dropped (a paused socket would not even notice: it reads nothing, not even the end).
      expect(realtime.hub.subscriberCount('scores')).toBe(1);
      await eventually(() => realtime.hub.connectionCount === 1, { timeoutMs: 5000 });
      stuck.destroy();
      // The reader got every update, the stuck one's trouble did not touch it.
      expect(reader.updates()).toHaveLength(rounds);
      expect(reader.closeCode).toBeUndefined();
      reader.close();
    } finally {
      await realtime.stop();
    }
  }, 30_000);

  it('limits sockets per client address (X-Forwarded-For only from a trusted hop)', async () => {
    const behindGateway = await startRealtime({ MAX_CONNECTIONS_PER_IP: '3', TRUST_PROXY: '1' });
    const direct = await startRealtime({ MAX_CONNECTIONS_PER_IP: '3', TRUST_PROXY: '0' });
    const opened: TestClient[] = [];
    const connect = async (port: number, forwardedFor?: string) => {
      const client = await TestClient.connect(wsUrl(port), {
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
      opened.push(client);
      return client;
    };
    try {
      // Behind the gateway: the address the gateway forwarded counts, one per client.
      for (let i = 0; i < 3; i++) await connect(behindGateway.port, '203.0.113.7');
      await expect(connect(behindGateway.port, '203.0.113.7')).rejects.toMatchObject({
        status: 429,
      });
      // A client-written entry before the gateway's is not believed.
      await expect(connect(behindGateway.port, '198.51.100.1, 203.0.113.7')).rejects.toMatchObject({
        status: 429,
      });
      await connect(behindGateway.port, '203.0.113.8');
      // A place comes back when a socket closes.
      opened[0]!.close();
      await opened[0]!.closed;
      await eventually(() => connect(behindGateway.port, '203.0.113.7'), { timeoutMs: 5000 });
      // Exactly one place: the closed socket's was given back once, not twice.
      await expect(connect(behindGateway.port, '203.0.113.7')).rejects.toMatchObject({
        status: 429,
      });

      // Reached directly, the header is ignored: it cannot be used to dodge the limit.
      for (let i = 0; i < 3; i++) await connect(direct.port, `192.0.2.${i}`);
      await expect(connect(direct.port, '192.0.2.99')).rejects.toMatchObject({ status: 429 });
    } finally {
      for (const c of opened) c.close();
      await Promise.all([behindGateway.stop(), direct.stop()]);
    }
  }, 15_000);

  it('gives the place back when a handshake fails or the peer leaves during it', async () => {
    const realtime = await startRealtime({ MAX_CONNECTIONS_PER_IP: '1' });
    const handshake = (version: number) =>
      `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: ${version}\r\n\r\n`;
    try {
      // Refused by the WebSocket server (an unsupported version): an answer, then the end.
      const refused = net.connect(realtime.port, '127.0.0.1');
      refused.write(handshake(99));
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        refused.on('data', (chunk) => (text += chunk));
        refused.on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      // Gone after the request, before the answer (its session cookie still being checked).
      const leaver = net.connect(realtime.port, '127.0.0.1');
      leaver.write(`${handshake(13).slice(0, -2)}Cookie: bm_session=x.y.z\r\n\r\n`, () =>
        leaver.destroy(),
      );
      await new Promise((resolve) => leaver.on('close', resolve));
      // Both places came back: the one allowed socket opens.
      const client = await eventually(() => TestClient.connect(wsUrl(realtime.port)), {
        timeoutMs: 5000,
      });
      client.close();
    } finally {
      await realtime.stop();
    }
  });

  it('on shutdown closes every socket with 1012 (service restart) and stops being ready', async () => {
    const realtime = await startRealtime();
    const clients = await Promise.all(
      Array.from({ length: 3 }, () => TestClient.connect(wsUrl(realtime.port))),
    );
    await clients[0]!.subscribe('scores');
    const stopping = realtime.stop();
    const codes = await Promise.all(clients.map((c) => c.closed));
    await stopping;
    expect(codes).toEqual([1012, 1012, 1012]);
    await expect(TestClient.connect(wsUrl(realtime.port))).rejects.toThrow();
  });

  it('cuts clients that do not answer the close once the grace time is over', async () => {
    const realtime = await startRealtime({ CLOSE_GRACE_MS: '200' });
    const closing = jest.spyOn(realtime.hub, 'closeAll');
    const stuck = await rawSocket(realtime.port);
    const heard: Buffer[] = [];
    stuck.on('data', (chunk: Buffer) => heard.push(chunk));
    const closed = new Promise((resolve) => stuck.once('close', resolve));
    // A stuck peer never answers the close: stop() ending at all is the cut (no stopwatch,
    // which a busy machine could run over).
    await realtime.stop();
    await closed;
    expect(closing).toHaveBeenCalledWith(1012, 'Service restart', 200);
    // It was offered the close first: a close frame (0x88) of 17 bytes, code 1012 (0x03f4) and
    // 'Service restart', after the greeting.
    const closeFrame = Buffer.concat([
      Buffer.from([0x88, 17, 0x03, 0xf4]),
      Buffer.from('Service restart'),
    ]);
    expect(Buffer.concat(heard).includes(closeFrame)).toBe(true);
  });
});

/** A client-to-server text frame (clients must mask), for the bare sockets above. */
function maskedText(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('short frames only');
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}
