import {
  callerFromToken,
  createServiceServer,
  openServiceConnections,
  runProcess,
  loadPublicKey,
  loadServicePrivateKey,
  serviceIdentityFromConfig,
  signGameResult,
  subscribeRevocations,
  type RunningService,
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
import { createActionLog } from './store/log-batches';
import { createSessionStore } from './store/sessions';
import { startGameSocket } from './ws/game-socket';

export const SCHEMA = 'sessions';

export interface RunningSessions extends RunningService {
  /** The game socket's port (WebSocket /ws/game: ranked-game actions where the game is held). */
  gameWsPort: number;
  /**
   * Answers what is in flight, writes the queued log rows, then closes. Tests only:
   * `deleteStreams` also removes this deployment's JetStream stream; `crash` stops as a killed
   * process would, the queued log rows dropped unwritten and every socket cut without a close
   * frame.
   */
  stop(options?: { deleteStreams?: boolean; crash?: boolean }): Promise<void>;
  /** Writes the queued action log rows now (tests; a batch goes by itself within ACTION_LOG_FLUSH_MS). */
  flushActionLog(): Promise<void>;
}

/** Its PostgreSQL schema and migrations, and the JetStream streams it publishes to. */
const STORAGE = { schema: SCHEMA, migrations, streams: SESSION_STREAMS };

export interface SessionsOptions {
  /** The server's clock: it times every action of a ranked game (tests set it). */
  now?: () => Date;
  /** Replaces the gRPC question to the ads service about reward clicks (tests of this service alone). */
  rewardClicks?: RewardClicks;
}

/**
 * Composition root: config → connections → migrations → gRPC and the game socket (two entry
 * points to the same use cases). Tests call it with their own env.
 */
export async function start(
  env = process.env,
  options: SessionsOptions = {},
): Promise<RunningSessions> {
  const config = loadSessionsConfig(env);
  const now = options.now ?? (() => new Date());
  const connections = await openServiceConnections({ service: 'sessions', config, ...STORAGE });
  // Redis holds the logout deny-list the caller check reads; nothing else of this service.
  const { logger, db, redis, relay } = connections;

  const store = createSessionStore(db);
  // Its credential for its own calls; its callers' identities are the server's to check.
  const { credential } = serviceIdentityFromConfig(config, {
    name: 'sessions',
    signs: true,
    callers: [],
  });
  const ads = options.rewardClicks ? null : createAdsClient(config.ADS_ADDR, credential!);
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
    maxUnsavedActions: config.GAME_MAX_UNSAVED_ACTIONS,
    actionLog: (on) => createActionLog(db, { flushMs: config.ACTION_LOG_FLUSH_MS, ...on }),
  });
  const sessions = createSessions({ store, games, onEventsWritten: relay.wake });
  const analytics = createAnalytics({ store: createAnalyticsStore(db), now });
  // The game socket checks session tokens with the same keys as the server.
  const publicKey = loadPublicKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_DIR);
  const server = createServiceServer(logger, config, {
    name: 'sessions',
    callers: SERVICE_CALLERS,
    redis,
    publicKey,
  });
  server.add(sessionsV1.SessionServiceService, createSessionHandlers(sessions, games), {
    methods: {
      // Starts are counted per client address: only the gateway's word on it is taken.
      createSession: { service: ['gateway'] },
      // The held game's log (and once it has ended its seed), for verifying a submission.
      getSessionForScoring: { service: ['scores'] },
    },
  });
  server.add(
    sessionsV1.SessionAdminServiceService,
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
    allowedOrigins: config.PUBLIC_ORIGIN.split(','),
    durableNoticeMs: config.GAME_DURABLE_NOTICE_MS,
  });
  // A logout or a password change closes that player's sockets here within a second.
  const revocations = await subscribeRevocations(redis, {
    notice: gameSocket.revoked,
    resubscribed: gameSocket.recheckAll,
  });
  logger.info({ port, gameWsPort: gameSocket.port }, 'sessions listening');

  return {
    port,
    gameWsPort: gameSocket.port,
    metricsPort: connections.telemetry.metricsPort,
    flushActionLog: () => games.flushLog(),
    async stop(options) {
      await revocations.close();
      if (options?.crash) {
        games.abandonLog();
        await Promise.all([gameSocket.cut(), server.stop()]);
      } else {
        // Both entry points answer what is in flight before the stores close.
        await Promise.all([gameSocket.stop(), server.stop()]);
      }
      // What was answered is written before the database closes.
      await games.flushLog().catch((error: unknown) => {
        logger.error({ err: error }, 'sessions stopped with action log rows not written');
      });
      ads?.close();
      await connections.close(options);
    },
  };
}

if (require.main === module) runProcess('sessions', () => start());
