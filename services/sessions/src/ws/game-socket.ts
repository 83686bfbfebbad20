import http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  AppError,
  clientIp,
  gameActionsAnswered,
  httpStatusOf,
  listen,
  refuseUpgrade,
  sendJson,
  sessionTokenFromCookies,
  SocketsPerAddress,
  toAppError,
  TOO_MANY_SOCKETS,
  watchOpenSockets,
  type Logger,
  type SignedIn,
} from '@ballmatch/platform';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Games } from '../domain/games';
import { answerFrame, errorFrame, MessageError, parseMessage, type Echo } from './messages';
import { tokenBucket } from './rate';

/**
 * The game socket (docs/api.md 'Ranked games over the game socket'): ranked-game actions land
 * in the process that holds the game, with no Express route and no gRPC hop in between. Each
 * message goes to the same use case as the gRPC PlayAction handler (`games.play`), so every
 * rule, the log row committed before the answer and the retry's stored answer are the same.
 */
export const GAME_WS_PATH = '/ws/game';

/** Frames past this get a 413 error frame; past `HARD_LIMIT` ws closes the socket (1009). */
export const MAX_MESSAGE_BYTES = 4096;
const HARD_LIMIT = 64 * 1024;
/** Per socket: 20 actions a second on average, 40 at once (a person makes about one). */
export const ACTIONS_PER_SECOND = 20;
export const ACTIONS_BURST = 40;
/** A signed-in socket's token is checked against the deny-list again when this old. */
export const RECHECK_MS = 60_000;
const HEARTBEAT_MS = 30_000;
/** A client that reads nothing while answers pile up is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const DRAIN_LIMIT_MS = 10_000;
/** Close codes: 1001 going away (restart), 1008 policy (slow reader), 4401 session expired. */
export const CLOSE = { goingAway: 1001, policy: 1008, sessionExpired: 4401 } as const;

export interface GameSocketOptions {
  host: string;
  port: number;
  games: Pick<Games, 'play'>;
  logger: Logger;
  /** The signed-in caller a session token proves (`callerFromToken`): throws if it does not. */
  callerOf(token: string): Promise<SignedIn>;
  /** The service's clock (the deny-list re-check's age and the token's expiry are on it). */
  now(): Date;
  /** Open sockets per client address; one more handshake is refused with 429. */
  maxConnectionsPerIp: number;
  /** Proxy hops whose X-Forwarded-For is trusted for the client address (the gateway: 1). */
  trustProxy: number;
}

export interface GameSocketServer {
  port: number;
  /** Refuses new sockets, answers what is in flight, closes every socket (1001), then the port. */
  stop(): Promise<void>;
}

interface Client {
  ws: WebSocket;
  /** The session cookie's token and its player while it holds; null: a guest's socket. */
  token: string | null;
  userId: string | null;
  expiresAt: number;
  checkedAt: number;
  expiry: NodeJS.Timeout | undefined;
  inFlight: number;
  alive: boolean;
  bucket: ReturnType<typeof tokenBucket>;
}

const sizeOf = (data: RawData) =>
  Array.isArray(data)
    ? data.reduce((n, b) => n + b.length, 0)
    : data instanceof ArrayBuffer
      ? data.byteLength
      : data.length;

/**
 * Gives `ip`'s place back when `socket` closes, whether its handshake failed or the game
 * socket on it ended: 'close' comes once, so the place is released exactly once. Made apart
 * from the upgrade handler so the listener does not keep the handshake's request alive.
 */
function releaseOnClose(places: SocketsPerAddress, ip: string, socket: Duplex): void {
  socket.once('close', () => places.release(ip));
}

export async function startGameSocket(options: GameSocketOptions): Promise<GameSocketServer> {
  const { logger, games } = options;
  const clients = new Set<Client>();
  const places = new SocketsPerAddress(options.maxConnectionsPerIp);
  let draining = false;
  /** Set by stop() while it waits for the last socket to close. */
  let allClosed: (() => void) | null = null;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: HARD_LIMIT,
    perMessageDeflate: false,
    clientTracking: false,
  });

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === GAME_WS_PATH) {
      res.setHeader('upgrade', 'websocket');
      return sendJson(res, 426, { message: `${GAME_WS_PATH} is a WebSocket endpoint` });
    }
    sendJson(res, 404, { message: 'Not found' });
  });

  /**
   * The socket's player now: its token expired closes it (4401); a token older than
   * RECHECK_MS since its last check is checked again, and one signed out since makes the
   * socket a guest's, as the HTTP route treats a signed-out cookie.
   */
  async function callerIdOf(client: Client): Promise<string> {
    if (client.token === null || client.userId === null) return '';
    const now = options.now().getTime();
    if (now - client.checkedAt < RECHECK_MS) return client.userId;
    try {
      await options.callerOf(client.token);
      client.checkedAt = now;
      return client.userId;
    } catch (error) {
      const app = toAppError(error);
      if (app.code !== 'UNAUTHENTICATED') throw app; // Redis cannot say: 503, never a pass
      client.userId = null;
      clearTimeout(client.expiry);
      return '';
    }
  }

  function send(client: Client, text: string): void {
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.ws.close(CLOSE.policy, 'Answers are not being read');
      return;
    }
    client.ws.send(text);
  }

  function answered(client: Client): void {
    client.inFlight--;
    if (draining && client.inFlight === 0) client.ws.close(CLOSE.goingAway, 'Restarting');
  }

  async function onMessage(client: Client, data: RawData, isBinary: boolean): Promise<void> {
    const refuseWith = (echo: Echo, error: AppError, status?: number) => {
      gameActionsAnswered.inc({ transport: 'socket', outcome: 'error' });
      send(client, errorFrame(echo, error, status));
    };
    const none: Echo = { session: null, seq: null };
    if (isBinary)
      return refuseWith(none, new AppError('INVALID_ARGUMENT', 'Messages must be JSON text'));
    const size = sizeOf(data);
    if (size > MAX_MESSAGE_BYTES) {
      const message = `Message too large (limit ${MAX_MESSAGE_BYTES} bytes)`;
      return refuseWith(none, new AppError('INVALID_ARGUMENT', message), 413);
    }
    let message;
    try {
      message = parseMessage(String(data));
    } catch (error) {
      if (!(error instanceof MessageError)) throw error;
      if (!client.bucket.take()) return refuseWith(error.echo, tooMany());
      return refuseWith(error.echo, error.error);
    }
    const echo = { session: message.session, seq: message.seq };
    if (!client.bucket.take()) return refuseWith(echo, tooMany());
    if (draining) return refuseWith(echo, restarting());
    client.inFlight++;
    try {
      const callerId = await callerIdOf(client);
      const answer = await games.play({
        id: message.session,
        seq: message.seq,
        action: message.action,
        who: { credential: message.credential, callerId },
      });
      gameActionsAnswered.inc({ transport: 'socket', outcome: 'ok' });
      send(client, answerFrame(message, answer));
    } catch (error) {
      const app = toAppError(error);
      if (httpStatusOf(app) >= 500) {
        logger.warn({ err: error, session: message.session }, 'game socket action failed');
      }
      refuseWith(echo, app);
    } finally {
      answered(client);
    }
  }

  function onExpired(client: Client): void {
    const left = client.expiresAt * 1000 - options.now().getTime();
    // setTimeout holds at most 2^31-1 ms (24.8 days): a longer token re-arms on the way.
    if (left > 0) {
      client.expiry = setTimeout(() => onExpired(client), Math.min(left, 2 ** 31 - 1));
      client.expiry.unref();
      return;
    }
    client.ws.close(CLOSE.sessionExpired, 'Session expired');
  }

  function accept(ws: WebSocket, token: string | null, caller: SignedIn | null): void {
    const client: Client = {
      ws,
      token: caller ? token : null,
      userId: caller?.id ?? null,
      expiresAt: caller?.expiresAt ?? 0,
      checkedAt: options.now().getTime(),
      expiry: undefined,
      inFlight: 0,
      alive: true,
      bucket: tokenBucket(ACTIONS_PER_SECOND, ACTIONS_BURST, () => performance.now()),
    };
    clients.add(client);
    if (caller) onExpired(client);
    ws.on('message', (data, isBinary) => {
      onMessage(client, data, isBinary).catch((error: unknown) => {
        logger.error({ err: error }, 'game socket message failed');
      });
    });
    ws.on('pong', () => (client.alive = true));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clearTimeout(client.expiry);
      clients.delete(client);
      if (clients.size === 0) allClosed?.();
    });
  }

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '/').split('?')[0];
    if (path !== GAME_WS_PATH) return refuseUpgrade(socket, 404, 'Not found');
    if (draining) return refuseUpgrade(socket, 503, 'Restarting; connect again');
    const ip = clientIp(req, options.trustProxy);
    if (!places.reserve(ip)) {
      logger.warn({ ip }, 'per-address game socket limit reached: handshake refused');
      return refuseUpgrade(socket, 429, TOO_MANY_SOCKETS);
    }
    releaseOnClose(places, ip, socket);
    const upgrade = (caller: SignedIn | null) => {
      if (socket.destroyed) return;
      if (draining) return refuseUpgrade(socket, 503, 'Restarting; connect again');
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, token, caller));
    };
    // The cookie's player owns the socket; a bad, expired or signed-out token leaves it a
    // guest's (the gateway drops such a cookie anyway), whose games are claimed by credential.
    const token = sessionTokenFromCookies(req.headers.cookie);
    if (!token) return upgrade(null);
    options.callerOf(token).then(upgrade, (error: unknown) => {
      const app = toAppError(error);
      if (app.code === 'UNAUTHENTICATED') return upgrade(null);
      refuseUpgrade(socket, 503, app.message);
    });
  });

  // Dead peers (no pong for a whole interval) are dropped.
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const unwatch = watchOpenSockets('sessions', () => clients.size);

  const port = await listen(server, options.port, options.host);

  return {
    port,
    async stop() {
      draining = true;
      clearInterval(heartbeat);
      for (const client of clients) {
        if (client.inFlight === 0) client.ws.close(CLOSE.goingAway, 'Restarting');
      }
      if (clients.size > 0) {
        let limit: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          allClosed = resolve;
          limit = setTimeout(resolve, DRAIN_LIMIT_MS);
        });
        clearTimeout(limit);
      }
      for (const client of clients) client.ws.terminate();
      unwatch();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

const tooMany = () =>
  new AppError(
    'RESOURCE_EXHAUSTED',
    `Too many messages on this socket (at most ${ACTIONS_PER_SECOND} a second)`,
  );
const restarting = () =>
  new AppError('UNAVAILABLE', 'The game socket is closing (restart): send the action again');
