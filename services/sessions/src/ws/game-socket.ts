import http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  allowedOrigins,
  AppError,
  clientIp,
  CROSS_SITE_REFUSED,
  handshakeOriginAllowed,
  isUuid,
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
  type RevocationNotice,
  type SignedIn,
} from '@ballmatch/platform';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Games } from '../domain/games';
import {
  ackFrame,
  answerFrame,
  durableFrame,
  errorFrame,
  MessageError,
  parseMessage,
  staleFrame,
  type Echo,
} from './messages';
import { tokenBucket } from './rate';

/**
 * The game socket (docs/api.md 'Ranked games over the game socket'): ranked-game actions land
 * in the process that holds the game (the Ingress hashes `?session=` to one pod; locally the
 * gateway relays), with no Express route and no gRPC hop in between. Each message goes to the
 * same use case as the gRPC PlayAction handler (`games.act`), so every rule and the retry's
 * stored answer are the same; the socket is answered from memory, and told when the game's
 * actions become durable (`durable`), so its page knows which to send again after a cut.
 */
export const GAME_WS_PATH = '/ws/game';

/** Frames past this get a 413 error frame; past `HARD_LIMIT` ws closes the socket (1009). */
export const MAX_MESSAGE_BYTES = 4096;
const HARD_LIMIT = 64 * 1024;
/** Per socket: 20 actions a second on average, 40 at once (a person makes about one). */
export const ACTIONS_PER_SECOND = 20;
export const ACTIONS_BURST = 40;
/**
 * A signed-in socket's token is checked against the deny-list again at its first action this
 * long after the last check: the net under the revocation notices, which close it at once.
 */
export const RECHECK_MS = 60_000;
const HEARTBEAT_MS = 30_000;
/** A client that reads nothing while answers pile up is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const DRAIN_LIMIT_MS = 10_000;
/**
 * Close codes: 1001 going away (restart), 1008 policy (slow reader), 4401 the session's token
 * expired ('Session expired') or was revoked ('Signed out': a logout, a password change).
 */
export const CLOSE = { goingAway: 1001, policy: 1008, sessionExpired: 4401 } as const;

export interface GameSocketOptions {
  host: string;
  port: number;
  games: Pick<Games, 'act' | 'watch'>;
  logger: Logger;
  /** The signed-in caller a session token proves (`callerFromToken`): throws if it does not. */
  callerOf(token: string): Promise<SignedIn>;
  /** The service's clock (the deny-list re-check's age and the token's expiry are on it). */
  now(): Date;
  /** Open sockets per client address; one more handshake is refused with 429. */
  maxConnectionsPerIp: number;
  /** Proxy hops whose X-Forwarded-For is trusted for the client address (the Ingress or the gateway: 1). */
  trustProxy: number;
  /** The site's origins (PUBLIC_ORIGIN split at commas): a handshake from another is refused. */
  allowedOrigins: string[];
  /**
   * A game this quiet whose page was not yet told all that is durable gets a `durable` frame
   * (GAME_DURABLE_NOTICE_MS; 0: at each commit). A playing page learns it from its next answer.
   */
  durableNoticeMs: number;
}

export interface GameSocketServer {
  port: number;
  /** A revocation notice (platform's subscribeRevocations): its sockets are checked at once. */
  revoked(notice: RevocationNotice): void;
  /** Every signed-in socket checked again (notices may have been lost). */
  recheckAll(): void;
  /** Tests only: every socket cut without a close frame and the port closed, as a killed process. */
  cut(): Promise<void>;
  /** Refuses new sockets, answers what is in flight, closes every socket (1001), then the port. */
  stop(): Promise<void>;
}

interface Client {
  ws: WebSocket;
  /** The session cookie's token and its player while it holds; null: a guest's socket. */
  token: string | null;
  userId: string | null;
  tokenId: string | null;
  expiresAt: number;
  checkedAt: number;
  expiry: NodeJS.Timeout | undefined;
  inFlight: number;
  /** The games played on this socket: the durableSeq it was last told, its actions in flight. */
  games: Map<string, PlayedGame>;
  alive: boolean;
  bucket: ReturnType<typeof tokenBucket>;
}

// The counters' children, found once (a label lookup per action showed in profiles).
const answeredCount = gameActionsAnswered.labels({ transport: 'socket', outcome: 'ok' });
const refusedCount = gameActionsAnswered.labels({ transport: 'socket', outcome: 'error' });

interface PlayedGame {
  told: number;
  inFlight: number;
  /** How much of the game is durable, as last heard from the log. */
  durable: number;
  /** Set while a `durable` frame waits for the game to go quiet. */
  notice: NodeJS.Timeout | undefined;
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
  /** The socket that last played each game: it hears when the game becomes durable, or stale. */
  const players = new Map<string, Client>();
  const places = new SocketsPerAddress(options.maxConnectionsPerIp);
  const origins = allowedOrigins(options.allowedOrigins);
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

  /** Signed-in sockets by account and by token, for the revocation notices. */
  const byUser = new Map<string, Set<Client>>();
  const byToken = new Map<string, Set<Client>>();
  const index = (map: Map<string, Set<Client>>, key: string, client: Client) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(client);
  };
  const unindex = (map: Map<string, Set<Client>>, key: string | null, client: Client) => {
    const set = key === null ? undefined : map.get(key);
    if (set?.delete(client) && set.size === 0) map.delete(key!);
  };

  /**
   * Whether the socket's token still opens its session (signature, expiry, the deny-list); a
   * revoked one closes the socket (4401 'Signed out'): the page carries on over HTTP, where the
   * gateway treats the cookie the same way. Redis out of reach says nothing: 503 at an action.
   */
  async function stillSignedIn(client: Client): Promise<boolean> {
    if (client.token === null) return true;
    const checkedAt = options.now().getTime();
    try {
      await options.callerOf(client.token);
      client.checkedAt = checkedAt;
      return true;
    } catch (error) {
      const app = toAppError(error);
      if (app.code !== 'UNAUTHENTICATED') throw app;
      client.ws.close(CLOSE.sessionExpired, 'Signed out');
      return false;
    }
  }

  /** A check on a notice or after a lost subscription: its failure leaves the net to act. */
  function recheck(client: Client): void {
    stillSignedIn(client).catch((error: unknown) => {
      logger.warn({ err: error }, 'game socket: a revocation check failed; the re-check will');
    });
  }

  /**
   * The socket's player now: a token older than RECHECK_MS since its last check is checked
   * again (the notices are the fast path); null when that closed the socket. Answered at once
   * when no check is due (no promise: most actions).
   */
  function callerIdOf(client: Client): string | Promise<string | null> {
    if (client.token === null || client.userId === null) return '';
    if (options.now().getTime() - client.checkedAt < RECHECK_MS) return client.userId;
    return stillSignedIn(client).then((still) => (still ? client.userId : null));
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
      refusedCount.inc();
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
    const played = playing(client, message.session);
    played.inFlight++;
    try {
      const known = callerIdOf(client);
      const callerId = typeof known === 'string' ? known : await known;
      if (callerId === null) return; // signed out: closed, the page sends it again elsewhere
      const outcome = await games.act(
        {
          id: message.session,
          seq: message.seq,
          action: message.action,
          who: { credential: message.credential, callerId },
        },
        'socket',
      );
      answeredCount.inc();
      switch (outcome.type) {
        case 'answer':
          played.told = Math.max(played.told, outcome.answer.durableSeq);
          return send(client, answerFrame(message, outcome.answer));
        case 'ack':
          played.told = Math.max(played.told, outcome.durableSeq);
          return send(client, ackFrame(message, outcome.durableSeq));
        case 'stale':
          played.told = outcome.game.seq;
          return send(client, staleFrame(message.session, outcome.game));
      }
    } catch (error) {
      const app = toAppError(error);
      if (httpStatusOf(app) >= 500) {
        logger.warn({ err: error, session: message.session }, 'game socket action failed');
      }
      refuseWith(echo, app);
    } finally {
      played.inFlight--;
      answered(client);
    }
  }

  /** The socket now plays this game (the last one to have sent an action for it). */
  function playing(client: Client, session: string): PlayedGame {
    let played = client.games.get(session);
    if (!played) {
      played = { told: 0, inFlight: 0, durable: 0, notice: undefined };
      client.games.set(session, played);
    }
    players.set(session, client);
    return played;
  }

  /** The page hears what it was not told yet, unless an answer in flight will tell it. */
  function tellDurable(client: Client, session: string, played: PlayedGame): void {
    played.notice = undefined;
    if (players.get(session) !== client || played.inFlight > 0) return;
    if (played.durable <= played.told) return;
    played.told = played.durable;
    send(client, durableFrame(session, played.durable));
  }

  // What the game socket hears of its games: a batch committed, or a copy found stale.
  games.watch({
    durable(session, durableSeq) {
      const client = players.get(session);
      const played = client?.games.get(session);
      if (!client || !played) return;
      played.durable = Math.max(played.durable, durableSeq);
      // A page told as much already needs nothing.
      if (played.durable <= played.told) return;
      // A frame a commit would cost a write each action; the next answer carries it anyway.
      if (options.durableNoticeMs === 0) return tellDurable(client, session, played);
      if (played.notice) played.notice.refresh();
      else {
        played.notice = setTimeout(tellDurable, options.durableNoticeMs, client, session, played);
        played.notice.unref();
      }
    },
    stale(session, game) {
      const client = players.get(session);
      const played = client?.games.get(session);
      if (!played) return;
      played.told = game.seq;
      send(client!, staleFrame(session, game));
    },
  });

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
      tokenId: caller?.tokenId ?? null,
      expiresAt: caller?.expiresAt ?? 0,
      checkedAt: options.now().getTime(),
      expiry: undefined,
      inFlight: 0,
      games: new Map(),
      alive: true,
      bucket: tokenBucket(ACTIONS_PER_SECOND, ACTIONS_BURST, () => performance.now()),
    };
    clients.add(client);
    if (caller) {
      index(byUser, caller.id, client);
      index(byToken, caller.tokenId, client);
      onExpired(client);
    }
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
      unindex(byUser, client.userId, client);
      unindex(byToken, client.tokenId, client);
      for (const [session, played] of client.games) {
        clearTimeout(played.notice);
        if (players.get(session) === client) players.delete(session);
      }
      if (clients.size === 0) allClosed?.();
    });
  }

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '/').split('?')[0];
    if (path !== GAME_WS_PATH) return refuseUpgrade(socket, 404, 'Not found');
    if (draining) return refuseUpgrade(socket, 503, 'Restarting; connect again');
    if (!handshakeOriginAllowed(req, origins)) {
      logger.warn({ origin: req.headers.origin }, 'cross-site game socket handshake refused');
      return refuseUpgrade(socket, 403, CROSS_SITE_REFUSED);
    }
    // `?session=` is for the Ingress, whose hash of it brings every socket of a game to one
    // process; any game can still be played on any socket.
    const session = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('session');
    if (session !== null && !isUuid(session)) {
      return refuseUpgrade(socket, 400, 'session must be a session id (UUID)');
    }
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

  /** Every socket still open cut, then the port closed. */
  async function closeAll(): Promise<void> {
    for (const client of clients) client.ws.terminate();
    unwatch();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  return {
    port,
    revoked(notice) {
      const holders = 'tokenId' in notice ? byToken.get(notice.tokenId) : byUser.get(notice.userId);
      for (const client of holders ?? []) recheck(client);
    },
    recheckAll() {
      for (const client of clients) if (client.token !== null) recheck(client);
    },
    async cut() {
      draining = true;
      clearInterval(heartbeat);
      await closeAll();
    },
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
      await closeAll();
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
