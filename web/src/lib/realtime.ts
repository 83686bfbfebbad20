// The realtime connection (docs/product.md 'Live updates'): one WebSocket per page, shared by every
// screen that listens. It subscribes on connect, on reconnect and on each new subscription; pings
// every 30 s; reconnects after 1.5ⁿ s (capped at 5 s) and gives up after more than 5 attempts.
// Unparsable messages, socket errors, unknown message types and failing callbacks are logged to the
// console, never shown.
import {
  REALTIME_MAX_RECONNECT_ATTEMPTS,
  REALTIME_PATH,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_FACTOR,
  REALTIME_RECONNECT_MAX_DELAY_MS,
} from '@/config/network';

export type RealtimeStatus = 'connecting' | 'connected' | 'closed';
export type RealtimeChannel = 'scores' | 'leaderboard' | 'updates' | 'achievements';
export const REALTIME_CHANNELS: readonly RealtimeChannel[] = [
  'scores',
  'leaderboard',
  'updates',
  'achievements',
];

/** A server message (docs/api.md 'Realtime (/ws)'), as received. */
export interface RealtimeMessage {
  type: string;
  channel?: string;
  data?: unknown;
  status?: string;
  timestamp?: number;
  message?: string;
}

type Listener<T> = (value: T) => void;

/** The browser's WebSocket, or a stand-in with the same surface (unit tests). */
export type WebSocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onclose' | 'onerror' | 'onmessage'
>;
export type WebSocketFactory = (url: string) => WebSocketLike;

const OPEN = 1;

export interface RealtimeClientOptions {
  url?: string;
  createSocket?: WebSocketFactory;
  /** With no screen holding the connection, it closes after this long. */
  idleCloseMs?: number;
}

/** min(1000 × 1.5^attempt, 5000) ms. */
export function reconnectDelay(attempt: number): number {
  return Math.min(
    REALTIME_RECONNECT_BASE_MS * REALTIME_RECONNECT_FACTOR ** attempt,
    REALTIME_RECONNECT_MAX_DELAY_MS,
  );
}

/** ws:// or wss:// to this page's own host, at /ws. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

function safely<T>(what: string, listener: Listener<T>, value: T): void {
  try {
    listener(value);
  } catch (error) {
    console.error(`[realtime] ${what} callback failed`, error);
  }
}

export class RealtimeClient {
  private socket: WebSocketLike | undefined;
  private state: RealtimeStatus = 'closed';
  private attempt = 0;
  private holds = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly pendingPings: number[] = [];
  private readonly channels = new Map<RealtimeChannel, Set<Listener<unknown>>>();
  private readonly statusListeners = new Set<Listener<RealtimeStatus>>();
  private readonly messageListeners = new Set<Listener<RealtimeMessage>>();
  private readonly roundTripListeners = new Set<Listener<number>>();
  /** Who the page is signed in as (undefined: not told yet); see setIdentity. */
  private identity: string | null | undefined;
  private readonly url: string;
  private readonly createSocket: WebSocketFactory;
  private readonly idleCloseMs: number;

  constructor(options: RealtimeClientOptions = {}) {
    this.url = options.url ?? realtimeUrl();
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.idleCloseMs = options.idleCloseMs ?? 10_000;
  }

  get status(): RealtimeStatus {
    return this.state;
  }

  /** Channels with at least one listener. */
  get subscriptions(): RealtimeChannel[] {
    return [...this.channels.keys()];
  }

  /**
   * Keeps the connection open (opening it if needed) until the returned function is called.
   * When nothing holds it any more it closes, after a grace period (a screen re-mounting or
   * the next screen taking over keeps the same socket).
   */
  retain(): () => void {
    this.holds += 1;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.state === 'closed' && this.reconnectTimer === undefined) {
      // A screen asking anew gets a fresh set of attempts, even after an earlier give-up.
      this.attempt = 0;
      this.connect();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0) {
        this.idleTimer = setTimeout(() => this.shutdown(), this.idleCloseMs);
      }
    };
  }

  /** Calls `listener` with the data of each update on `channel`; returns the unsubscribe. */
  subscribe(channel: RealtimeChannel, listener: Listener<unknown>): () => void {
    const release = this.retain();
    let listeners = this.channels.get(channel);
    const isNew = !listeners;
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
    }
    listeners.add(listener);
    if (isNew) this.send({ type: 'subscribe', channel });
    return () => {
      const set = this.channels.get(channel);
      if (set?.delete(listener) && set.size === 0) {
        this.channels.delete(channel);
        this.send({ type: 'unsubscribe', channel });
      }
      release();
    };
  }

  onStatus(listener: Listener<RealtimeStatus>): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Every message from the server, parsed (the diagnostic page shows them). */
  onMessage(listener: Listener<RealtimeMessage>): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** The round-trip time of each ping, in ms. */
  onRoundTrip(listener: Listener<number>): () => void {
    this.roundTripListeners.add(listener);
    return () => this.roundTripListeners.delete(listener);
  }

  /** Sends a ping now; false when not connected. */
  ping(): boolean {
    const now = Date.now();
    if (!this.send({ type: 'ping', timestamp: now })) return false;
    this.pendingPings.push(now);
    return true;
  }

  /**
   * Who the page is signed in as. The server knows a socket's player from the session cookie
   * of its handshake, so after a sign-in or sign-out (a change after the first report) an open
   * socket is replaced by a new one, which subscribes to every channel again.
   */
  setIdentity(userId: string | null): void {
    const changed = this.identity !== undefined && this.identity !== userId;
    this.identity = userId;
    if (!changed || !this.socket) return;
    const old = this.socket;
    this.socket = undefined;
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.pendingPings.length = 0;
    old.close(1000, 'Signed in as someone else');
    this.attempt = 0;
    this.connect();
  }

  /** After giving up, tries again from the first attempt (if a screen still wants it). */
  reconnect(): void {
    if (this.state !== 'closed' || this.holds === 0) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.attempt = 0;
    this.connect();
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    this.setStatus('connecting');
    let socket: WebSocketLike;
    try {
      socket = this.createSocket(this.url);
    } catch (error) {
      console.error('[realtime] could not open the socket', error);
      this.onClosed();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus('connected');
      for (const channel of this.channels.keys()) this.send({ type: 'subscribe', channel });
      this.pingTimer = setInterval(() => this.ping(), REALTIME_PING_INTERVAL_MS);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = (event) => {
      if (this.socket === socket) console.error('[realtime] socket error', event);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.onClosed();
    };
  }

  private onClosed(): void {
    this.socket = undefined;
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.pendingPings.length = 0;
    this.setStatus('closed');
    if (this.holds === 0) return;
    this.attempt += 1;
    if (this.attempt > REALTIME_MAX_RECONNECT_ATTEMPTS) {
      console.warn(
        `[realtime] gave up after ${REALTIME_MAX_RECONNECT_ATTEMPTS} reconnect attempts`,
      );
      return;
    }
    this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt));
  }

  /** Closes on purpose: no reconnect. */
  private shutdown(): void {
    this.idleTimer = undefined;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.pendingPings.length = 0;
    if (socket) socket.close(1000, 'No longer needed');
    this.setStatus('closed');
  }

  private receive(raw: unknown): void {
    let message: RealtimeMessage;
    try {
      if (typeof raw !== 'string') throw new Error('not text');
      message = JSON.parse(raw) as RealtimeMessage;
      if (!message || typeof message !== 'object' || typeof message.type !== 'string') {
        throw new Error('no type');
      }
    } catch (error) {
      console.error('[realtime] unparsable message', raw, error);
      return;
    }
    for (const listener of this.messageListeners) safely('message', listener, message);
    switch (message.type) {
      case 'update': {
        const listeners = this.channels.get(message.channel as RealtimeChannel);
        for (const listener of listeners ?? []) safely('subscriber', listener, message.data);
        return;
      }
      case 'pong': {
        const sentAt = this.pendingPings.shift();
        if (sentAt === undefined) return;
        const roundTrip = Date.now() - sentAt;
        for (const listener of this.roundTripListeners) safely('round-trip', listener, roundTrip);
        return;
      }
      case 'connection':
      case 'subscription':
        return;
      case 'error':
        console.warn('[realtime] the server refused a message:', message.message);
        return;
      default:
        console.warn('[realtime] unknown message type', message.type);
    }
  }

  private send(message: unknown): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.state === status) return;
    this.state = status;
    for (const listener of this.statusListeners) safely('status', listener, status);
  }
}

let shared: RealtimeClient | undefined;

/** The page's one connection, made on first use. */
export function realtimeClient(): RealtimeClient {
  if (!shared) {
    const client = new RealtimeClient();
    // Back online after giving up: no need to reload the page.
    window.addEventListener('online', () => client.reconnect());
    shared = client;
  }
  return shared;
}

/** Tests only: forget the shared connection (a new one is made on next use). */
export function resetRealtimeClient(client?: RealtimeClient): void {
  shared = client;
}
