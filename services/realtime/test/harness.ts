import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  connectEventBus,
  loadPrivateKey,
  SESSION_COOKIE,
  signSessionToken,
  type EventBus,
} from '@ballmatch/platform';
import { testNatsPrefix } from '@ballmatch/platform/testing';
import WebSocket from 'ws';
import { start, type RunningRealtime } from '../src';

/** This test process's signing keys (as auth's): sockets prove their player with them. */
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-keys-'));
process.on('exit', () => fs.rmSync(keyDir, { recursive: true, force: true }));

/** A real realtime service in this test process, on a free port, with its own NATS prefix. */
export async function startRealtime(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningRealtime> {
  return start({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    NATS_SUBJECT_PREFIX: testNatsPrefix(),
    JWT_DEV_KEY_DIR: keyDir,
    ...extraEnv,
  });
}

/** The Cookie header of a browser signed in as `userId` (`ttlSeconds` < 0: expired). */
export async function sessionCookie(userId: string, ttlSeconds = 3600): Promise<string> {
  const { token } = await signSessionToken(
    loadPrivateKey(undefined, keyDir),
    { userId, role: 'user' },
    ttlSeconds,
  );
  return `theme=dark; ${SESSION_COOKIE}=${token}`;
}

/** A publisher on the same NATS prefix as the service under test. */
export function publisher(prefix: string, url = 'nats://127.0.0.1:4222'): Promise<EventBus> {
  return connectEventBus({ url, subjectPrefix: prefix, name: 'realtime-test-publisher' });
}

let eventSeq = 0;

export function scoreEvent(overrides: { id?: string; playerName?: string; score?: number } = {}) {
  eventSeq += 1;
  return {
    id: overrides.id ?? `evt-${process.pid}-${eventSeq}`,
    occurredAt: '2026-11-21T12:00:00.000Z',
    score: {
      id: `score-${eventSeq}`,
      playerName: overrides.playerName ?? 'Ann',
      score: overrides.score ?? 1200,
      level: 3,
      createdAt: '2026-11-21T12:00:00.000Z',
      // Not part of what realtime sends on: must not leak through.
      sessionId: 'secret-session',
    },
  };
}

export type Message = Record<string, unknown>;

/** A real ws client that keeps every message it receives, with waits on them. */
export class TestClient {
  readonly messages: Message[] = [];
  readonly raw: string[] = [];
  closeCode: number | undefined;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<number>;

  constructor(
    readonly ws: WebSocket,
    readonly opened: Promise<void>,
  ) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      this.messages.push(JSON.parse(text) as Message);
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code) => {
        this.closeCode = code;
        this.wake();
        resolve(code);
      });
    });
    ws.on('error', () => {});
  }

  static async connect(url: string, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
    const ws = new WebSocket(url, options);
    const opened = new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })),
      );
    });
    const client = new TestClient(ws, opened);
    await opened;
    // The server greets every socket first.
    await client.next((m) => m.type === 'connection');
    return client;
  }

  /** A client of the service on `port`, subscribed to `channel`. */
  static async subscribed(port: number, channel: string): Promise<TestClient> {
    const client = await TestClient.connect(wsUrl(port));
    await client.subscribe(channel);
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async subscribe(channel: string): Promise<void> {
    this.send({ type: 'subscribe', channel });
    await this.next((m) => m.type === 'subscription' && m.channel === channel);
  }

  /**
   * A ping answered: every frame the server wrote to this socket before the pong is here by
   * now. After an update reached another socket (its flush wrote to every socket at once),
   * this proves what this socket did not get, with no time window to guess.
   */
  async roundTrip(): Promise<void> {
    this.send({ type: 'ping', timestamp: Date.now() });
    await this.next((m) => m.type === 'pong');
  }

  /** No update has reached this socket (checked after a round trip, as roundTrip says). */
  async expectNoUpdates(): Promise<void> {
    await this.roundTrip();
    expect(this.updates()).toEqual([]);
  }

  /** Waits for (and consumes up to) the first message not yet taken that matches. */
  private taken = 0;
  async next(match: (m: Message) => boolean = () => true, timeoutMs = 3000): Promise<Message> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.taken; i < this.messages.length; i++) {
        if (match(this.messages[i]!)) {
          this.taken = i + 1;
          return this.messages[i]!;
        }
      }
      if (this.closeCode !== undefined) throw new Error(`socket closed (${this.closeCode})`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no matching message in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  updates(channel?: string): Message[] {
    return this.messages.filter(
      (m) => m.type === 'update' && (channel === undefined || m.channel === channel),
    );
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * A bare TCP socket that completes the WebSocket handshake and then does nothing a client
 * should: it answers no ping and (once `stopReading`) reads nothing: a dead or stuck peer.
 */
export async function rawSocket(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        socket.off('data', onData);
        if (head.startsWith('HTTP/1.1 101')) resolve();
        else reject(new Error(head.split('\r\n')[0]));
      }
    };
    socket.on('data', onData);
  });
  socket.on('data', () => {});
  socket.on('error', () => {});
  return socket;
}

export const wsUrl = (port: number) => `ws://127.0.0.1:${port}/ws`;
