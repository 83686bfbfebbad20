import { z } from 'zod';
import {
  configLoader,
  portEnv,
  serviceEnv,
  servicePrivateKeyEnv,
  serviceSecrets,
} from '@ballmatch/platform';

/**
 * The services that call sessions by their identity (docs/api.md 'Service identity'): the
 * gateway (games started, with the client's address) and scores (the scoring read).
 */
export const SERVICE_CALLERS = ['gateway', 'scores'] as const;

export const envShape = {
  /** Verifies the callers' session tokens, checked against the logout deny-list in Redis. */
  ...serviceEnv(50053, SERVICE_CALLERS),
  /**
   * The game socket's HTTP port (WebSocket at /ws/game, on GRPC_HOST): ranked-game actions
   * land here, where the game is held, without the gateway's HTTP route and the gRPC hop; the
   * gateway proxies /ws/game to it. 0: any free port (tests).
   */
  GAME_WS_PORT: portEnv(8091),
  /**
   * Open game sockets per client address on this replica; one more handshake is refused with
   * 429. A player has one game tab open, or a few.
   */
  GAME_WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Proxy hops in front of the game socket whose X-Forwarded-For is trusted (the per-address
   * cap counts that address). 1 in Kubernetes and Compose: the socket comes through the Ingress
   * (its direct route) or the gateway, either of which sets the header to the client address
   * it saw, and nothing earlier in it is believed.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * The site's origins, comma-separated, as the gateway's PUBLIC_ORIGIN: a game socket
   * handshake stating any other Origin than these or the host it is made to is refused 403
   * (the Ingress's direct route has no gateway in front to check it).
   */
  PUBLIC_ORIGIN: z.string().default('http://localhost:8080'),
  /**
   * An action is answered from memory; its log row waits at most this long for others to share
   * one statement (one commit), or until 500 rows wait (docs/architecture.md 'Ranked games').
   * What a crash can lose (the pages send it again), against a commit and its WAL flush for
   * every few actions: 50 ms puts about 30 rows in a statement at 600 actions a second.
   */
  ACTION_LOG_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  /**
   * A socket whose last answer did not yet say its game was durable is told so (a `durable`
   * frame) once its game has been this quiet; the next answer says it otherwise. 0: at once.
   */
  GAME_DURABLE_NOTICE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /**
   * Actions of one game answered but not yet durable (PostgreSQL out of reach): past this many,
   * the next is refused 503 'The game is being saved; try again' until they are written.
   */
  GAME_MAX_UNSAVED_ACTIONS: z.coerce.number().int().min(1).max(1000).default(50),
  /** Signs its calls to ads (the reward click). */
  ...servicePrivateKeyEnv,
  /**
   * gRPC address of ads (whether a game's reward ad was followed, asked before extra moves are
   * granted); in Kubernetes `dns:///ads:50054`.
   */
  ADS_ADDR: z.string().default('127.0.0.1:50054'),
  /** Ranked games one client address may start in an hour (seed shopping; shared NATs). */
  RANKED_STARTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Ranked games one account may start in an hour. */
  RANKED_STARTS_PER_HOUR_PER_PLAYER: z.coerce.number().int().min(1).max(100_000).default(60),
};

export const secretNames = [...serviceSecrets(SERVICE_CALLERS), 'SERVICE_PRIVATE_KEY' as const];

export const loadSessionsConfig = configLoader(envShape, secretNames);
export type SessionsConfig = ReturnType<typeof loadSessionsConfig>;
