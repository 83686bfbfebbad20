import type { Duplex } from 'node:stream';
import { SocketsPerAddress, type Logger } from '@ballmatch/platform';
import { WebSocket, type RawData } from 'ws';
import { textFrame } from './frame';
import {
  parseClientMessage,
  PLAYER_CHANNELS,
  SIGN_IN_TO_SUBSCRIBE,
  type Channel,
  type ServerMessage,
} from './protocol';

export interface HubLimits {
  maxConnectionsPerIp: number;
  maxBufferedBytes: number;
  heartbeatIntervalMs: number;
  /** Least time between two flushes of updates (0: every update is written on its own). */
  batchIntervalMs: number;
}

/** One open socket and what it listens to. */
interface Client {
  ws: WebSocket;
  /** The TCP socket under `ws`: updates are written to it as ready-made frames. */
  socket: Duplex;
  ip: string;
  /** The signed-in player whose session cookie came with the handshake; null for a guest. */
  userId: string | null;
  /** Cleared at each heartbeat, set again by the pong. */
  alive: boolean;
  channels: Set<Channel>;
  /** Bad messages logged so far: a noisy client cannot flood the log. */
  complaints: number;
}

/** Where a socket keeps its client, so one set of listeners serves every socket. */
const CLIENT = Symbol('client');
type TrackedSocket = WebSocket & { [CLIENT]: Client };
const clientOf = (ws: WebSocket): Client => (ws as TrackedSocket)[CLIENT];

interface SocketListeners {
  pong(this: WebSocket): void;
  message(this: WebSocket, data: RawData, isBinary: boolean): void;
  error(this: WebSocket, error: Error): void;
  close(this: WebSocket): void;
}

const LOGGED_COMPLAINTS_PER_SOCKET = 5;
/** However slow the flushes, updates wait at most this long for the next one. */
const MAX_BATCH_INTERVAL_MS = 250;

/** Close codes (RFC 6455 and the IANA registry). */
export const CLOSE = {
  goingAway: 1001,
  policyViolation: 1008,
  tooBig: 1009,
  serviceRestart: 1012,
} as const;

/**
 * Every open socket of this replica, who listens to which channel, the heartbeat, and the
 * fan-out: an update is serialized once and the same bytes go to every subscriber.
 */
export class Hub {
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Map<Channel, Set<Client>>();
  private readonly perIp: SocketsPerAddress;
  /** Each signed-in player's open sockets (their own channels' updates go only there). */
  private readonly byUser = new Map<string, Set<Client>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private queued = new Map<Channel, Buffer[]>();
  private flushTimer: NodeJS.Timeout | undefined;
  private lastFlushAt = 0;
  private lastFlushMs = 0;

  private readonly listeners: SocketListeners;

  constructor(
    private readonly limits: HubLimits,
    private readonly logger: Logger,
  ) {
    this.perIp = new SocketsPerAddress(limits.maxConnectionsPerIp);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the listeners' `this` is the socket
    const hub = this;
    this.listeners = {
      pong(this: WebSocket) {
        clientOf(this).alive = true;
      },
      message(this: WebSocket, data: RawData, isBinary: boolean) {
        hub.onMessage(clientOf(this), data, isBinary);
      },
      error(this: WebSocket, error: Error) {
        // ws closes the socket itself after an error (e.g. 1009 for an oversized frame).
        hub.logger.warn({ ip: clientOf(this).ip, err: error.message }, 'socket error');
      },
      close(this: WebSocket) {
        hub.remove(clientOf(this));
      },
    };
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  subscriberCount(channel: Channel): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  /**
   * Holds a place for one more socket from `ip`, at the start of its handshake (so concurrent
   * handshakes cannot overshoot); false when the per-IP limit is reached. `add` takes the
   * place over; `release` gives it back when the handshake fails.
   */
  reserve(ip: string): boolean {
    return this.perIp.reserve(ip);
  }

  release(ip: string): void {
    this.perIp.release(ip);
  }

  /**
   * A socket whose place `reserve(ip)` holds; `socket` is the TCP socket it was made on,
   * `userId` the player its handshake's session cookie proved (null: a guest).
   */
  add(ws: WebSocket, ip: string, socket: Duplex, userId: string | null = null): void {
    const client: Client = {
      ws,
      socket,
      ip,
      userId,
      alive: true,
      channels: new Set(),
      complaints: 0,
    };
    (ws as TrackedSocket)[CLIENT] = client;
    this.clients.add(client);
    if (userId) {
      const own = this.byUser.get(userId) ?? new Set<Client>();
      own.add(client);
      this.byUser.set(userId, own);
    }
    // The same four listeners for every socket (they find its client through the socket):
    // closures made here would cost each of 10,000 idle sockets their own copies.
    ws.on('pong', this.listeners.pong);
    ws.on('message', this.listeners.message);
    ws.on('error', this.listeners.error);
    ws.on('close', this.listeners.close);
    this.send(client, { type: 'connection', status: 'connected', timestamp: Date.now() });
  }

  /**
   * Queues `data` as an update for every subscriber of `channel`; returns how many there are.
   * The message is serialized and framed once. Frames go out in flushes: the first update
   * after a quiet spell is flushed at once (next turn of the event loop); under a stream of
   * updates, flushes are at least `batchIntervalMs` apart and each writes all the frames
   * queued since the last one. Every socket thus costs one write per flush however many
   * updates there are: a write to a socket is a system call and, on loopback or a busy
   * network, most of the cost of fan-out.
   */
  broadcast(channel: Channel, data: unknown): number {
    const subscribers = this.subscribers.get(channel);
    if (!subscribers || subscribers.size === 0) return 0;
    const message: ServerMessage = { type: 'update', channel, data, timestamp: Date.now() };
    const frames = this.queued.get(channel) ?? [];
    frames.push(textFrame(Buffer.from(JSON.stringify(message))));
    this.queued.set(channel, frames);
    this.scheduleFlush();
    return subscribers.size;
  }

  /**
   * Sends `data` at once to the sockets of one player subscribed to a player channel; returns
   * how many. Rare and small (a badge won), so not batched.
   */
  sendToPlayer(userId: string, channel: Channel, data: unknown): number {
    let sent = 0;
    for (const client of this.byUser.get(userId) ?? []) {
      if (!client.channels.has(channel)) continue;
      this.send(client, { type: 'update', channel, data, timestamp: Date.now() });
      sent += 1;
    }
    return sent;
  }

  /** Writes every queued update now. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const started = performance.now();
    this.lastFlushAt = Date.now();
    const queued = this.queued;
    this.queued = new Map();
    for (const [channel, frames] of queued) {
      const bytes = frames.length === 1 ? frames[0]! : Buffer.concat(frames);
      for (const client of this.subscribers.get(channel) ?? []) {
        // Writing ready-made frames to the TCP socket is safe beside ws's own sends: without
        // compression ws writes each frame whole and at once, so frames never interleave;
        // closing sockets are skipped, so nothing follows a close frame.
        if (client.ws.readyState !== WebSocket.OPEN || client.socket.destroyed) continue;
        if (client.ws.bufferedAmount > this.limits.maxBufferedBytes) {
          this.dropSlowConsumer(client);
          continue;
        }
        client.socket.write(bytes);
      }
    }
    this.lastFlushMs = performance.now() - started;
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return;
    // Flushing may take at most about half the time: when the last flush was slow (many
    // sockets, a busy machine), the next waits longer and carries more updates per write,
    // so the process does not fall further behind the busier it gets.
    const interval = Math.min(
      Math.max(this.limits.batchIntervalMs, 2 * this.lastFlushMs),
      MAX_BATCH_INTERVAL_MS,
    );
    const wait = this.lastFlushAt + interval - Date.now();
    this.flushTimer = setTimeout(() => this.flush(), Math.max(0, wait));
  }

  startHeartbeat(): void {
    this.heartbeat = setInterval(() => this.beat(), this.limits.heartbeatIntervalMs);
    this.heartbeat.unref();
  }

  /** Closes every socket with `code`; resolves when all are gone (cut after `graceMs`). */
  async closeAll(code: number, reason: string, graceMs: number): Promise<void> {
    clearInterval(this.heartbeat);
    this.flush(); // what was accepted goes out before the close frames
    const sockets = [...this.clients].map((c) => c.ws);
    const closed = sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
        }),
    );
    for (const ws of sockets) ws.close(code, reason);
    const timer = setTimeout(() => {
      for (const ws of sockets) ws.terminate();
    }, graceMs);
    await Promise.all(closed);
    clearTimeout(timer);
  }

  /**
   * One heartbeat: a socket that has not answered the last ping (nor sent anything since) is
   * dropped, the others are pinged. The interval calls it; tests call it themselves, so a busy
   * machine's pause is never taken for a missed pong.
   */
  beat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.logger.info({ ip: client.ip }, 'no pong since the last heartbeat: dropping socket');
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }

  private dropSlowConsumer(client: Client): void {
    this.logger.warn(
      { ip: client.ip, bufferedBytes: client.ws.bufferedAmount },
      'slow consumer: send buffer over the limit, dropping socket',
    );
    client.ws.terminate();
    // Stop sending to it now; 'close' follows and finishes the clean-up.
    this.unsubscribeAll(client);
  }

  private onMessage(client: Client, data: RawData, isBinary: boolean): void {
    // Any message proves the peer is there, as a pong would.
    client.alive = true;
    if (isBinary) return this.complain(client, 'Binary messages are not supported');
    const parsed = parseClientMessage(data.toString());
    if (!parsed.ok) return this.complain(client, parsed.error);
    const message = parsed.message;
    switch (message.type) {
      case 'subscribe':
        if (PLAYER_CHANNELS.has(message.channel) && !client.userId) {
          return this.complain(client, SIGN_IN_TO_SUBSCRIBE);
        }
        client.channels.add(message.channel);
        this.channelSet(message.channel).add(client);
        this.send(client, {
          type: 'subscription',
          channel: message.channel,
          status: 'subscribed',
          timestamp: Date.now(),
        });
        return;
      case 'unsubscribe':
        client.channels.delete(message.channel);
        this.subscribers.get(message.channel)?.delete(client);
        this.send(client, {
          type: 'subscription',
          channel: message.channel,
          status: 'unsubscribed',
          timestamp: Date.now(),
        });
        return;
      case 'ping':
        this.send(client, { type: 'pong', timestamp: Date.now() });
        return;
    }
  }

  /** Answers a bad message with an error; the socket stays open. */
  private complain(client: Client, error: string): void {
    client.complaints += 1;
    if (client.complaints <= LOGGED_COMPLAINTS_PER_SOCKET) {
      this.logger.warn({ ip: client.ip, error }, 'bad client message');
    }
    this.send(client, { type: 'error', message: error, timestamp: Date.now() });
  }

  private send(client: Client, message: ServerMessage): void {
    if (client.ws.readyState === WebSocket.OPEN) client.ws.send(JSON.stringify(message));
  }

  private channelSet(channel: Channel): Set<Client> {
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    return set;
  }

  private unsubscribeAll(client: Client): void {
    for (const channel of client.channels) this.subscribers.get(channel)?.delete(client);
    client.channels.clear();
  }

  private remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.unsubscribeAll(client);
    if (client.userId) {
      const own = this.byUser.get(client.userId);
      own?.delete(client);
      if (own?.size === 0) this.byUser.delete(client.userId);
    }
    this.release(client.ip);
  }
}
