import {
  callerFromToken,
  createCallerAuthenticator,
  createGrpcServer,
  createLogger,
  openServiceConnections,
  runProcess,
  loadPublicKey,
  loadServicePrivateKey,
  serviceIdentityFromConfig,
  signGameResult,
} from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import { createAdsClient } from './clients/ads';
import { loadSessionsConfig, SERVICE_CALLERS } from './config';
import { createAnalytics } from './domain/analytics';
import { createGames, type RewardClicks } from './domain/games';
import { createSessions } from './domain/sessions';
import { SESSION_STREAMS } from './events';
import { createSessionAdminHandlers, createSessionHandlers } from './grpc/handlers';
import { migrations } from './migrations';
import { createAnalyticsStore } from './store/analytics';
import { createGameStore } from './store/games';
import { createSessionStore } from './store/sessions';
import { startGameSocket } from './ws/game-socket';

export const SCHEMA = 'sessions';

export interface RunningSessions {
  port: number;
  /** The game socket's port (WebSocket /ws/game: ranked-game actions where the game is held). */
  gameWsPort: number;
  /** The /metrics port (null: metrics off, as in tests by default). */
  metricsPort: number | null;
  /** `deleteStreams` (tests only) also removes this deployment's JetStream stream. */
  stop(options?: { deleteStreams?: boolean }): Promise<void>;
}

/**
 * Composition root: config → connections → migrations → gRPC and the game socket (two entry
 * points to the same use cases). Tests call it with their own env.
 */
export interface SessionsOptions {
  /** The server's clock: it times every action of a ranked game (tests set it). */
  now?: () => Date;
  /** Replaces the gRPC question to the ads service about reward clicks (tests of this service alone). */
  rewardClicks?: RewardClicks;
}

export async function start(
  env: NodeJS.ProcessEnv = process.env,
  options: SessionsOptions = {},
): Promise<RunningSessions> {
  const config = loadSessionsConfig(env);
  const logger = createLogger('sessions', config.LOG_LEVEL);

  const connections = await openServiceConnections({
    service: 'sessions',
    config,
    logger,
    schema: SCHEMA,
    migrations,
    streams: SESSION_STREAMS,
  });
  // Redis holds the logout deny-list the caller check reads; nothing else of this service.
  const { db, redis, relay } = connections;

  const store = createSessionStore(db);
  const identity = serviceIdentityFromConfig(config, {
    name: 'sessions',
    signs: true,
    callers: SERVICE_CALLERS,
  });
  const ads = options.rewardClicks ? null : createAdsClient(config.ADS_ADDR, identity.credential!);
  const now = options.now ?? (() => new Date());
  // An ended game's result is signed with this service's key; scores checks it with the
  // public one (SESSIONS_SERVICE_PUBLIC_KEY there).
  const resultKey = loadServicePrivateKey(
    'sessions',
    config.SERVICE_PRIVATE_KEY || undefined,
    config.JWT_DEV_KEY_DIR,
  );
  const games = createGames({
    games: createGameStore(db),
    sessions: store,
    onEventsWritten: relay.wake,
    now,
    rewardClicked: options.rewardClicks ?? ads!.rewardClicked,
    startsPerHour: {
      address: config.RANKED_STARTS_PER_HOUR_PER_ADDRESS,
      player: config.RANKED_STARTS_PER_HOUR_PER_PLAYER,
    },
    signResult: (result) => signGameResult(resultKey, result),
  });
  const sessions = createSessions({ store, games, onEventsWritten: relay.wake });
  const analytics = createAnalytics({ store: createAnalyticsStore(db), now });
  const publicKey = loadPublicKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_DIR);
  const server = createGrpcServer(logger, {
    authenticate: createCallerAuthenticator({ publicKey, redis }),
    identifyService: identity.identify,
  });
  server.add(
    sessionsV1.SessionServiceService,
    'sessions.v1.SessionService',
    createSessionHandlers(sessions, games),
    {
      methods: {
        // Starts are counted per client address: only the gateway's word on it is taken.
        createSession: { service: ['gateway'] },
        // The held game's log (and once it has ended its seed), for verifying a submission.
        getSessionForScoring: { service: ['scores'] },
      },
    },
  );
  server.add(
    sessionsV1.SessionAdminServiceService,
    'sessions.v1.SessionAdminService',
    createSessionAdminHandlers(sessions, games, analytics),
    { access: 'admin' },
  );
  const port = await server.start(config.GRPC_HOST, config.GRPC_PORT);
  // The same token check as the gRPC interceptor's, at the socket's handshake.
  const gameSocket = await startGameSocket({
    host: config.GRPC_HOST,
    port: config.GAME_WS_PORT,
    games,
    logger,
    callerOf: (token) => callerFromToken({ publicKey, redis }, token),
    now,
    maxConnectionsPerIp: config.GAME_WS_MAX_CONNECTIONS_PER_IP,
    trustProxy: config.TRUST_PROXY,
  });
  logger.info({ port, gameWsPort: gameSocket.port }, 'sessions listening');

  return {
    port,
    gameWsPort: gameSocket.port,
    metricsPort: connections.telemetry.metricsPort,
    async stop(options) {
      // Both entry points answer what is in flight before the stores close.
      await Promise.all([gameSocket.stop(), server.stop()]);
      ads?.close();
      await connections.close(options);
    },
  };
}

if (require.main === module) runProcess('sessions', () => start());
