import {
  connectEventBus,
  connectRedis,
  createGrpcServer,
  createKnex,
  createLogger,
  deleteStreams,
  ensureDatabase,
  ensureStreams,
  runProcess,
  loadPublicKey,
  migrateLatest,
  startOutboxRelay,
  type OutboxRelay,
} from '@ballmatch/platform';
import { scoresV1 } from '@ballmatch/proto';
import { sessionsClient } from './clients/sessions';
import { loadScoresConfig } from './config';
import { adminAuthorizer } from './domain/admin';
import { systemClock, type Clock } from './domain/clock';
import { leaderboards as makeLeaderboards } from './domain/leaderboards';
import { moderation as makeModeration } from './domain/moderation';
import { seasonAdmin } from './domain/seasons';
import { stats as makeStats } from './domain/stats';
import { submissions as makeSubmissions, type SessionLookup } from './domain/submissions';
import { scoreHandlers } from './grpc/handlers';
import { migrations } from './migrations';
import { withBoardScripts } from './store/board-scripts';
import { boardStore } from './store/boards';
import { moderationStore } from './store/moderation';
import { scoreStore } from './store/scores';
import { seasonStore } from './store/seasons';
import { statsStore } from './store/stats';
import { weekStore } from './store/weeks';

export const SCHEMA = 'scores';

/** The JetStream streams this service publishes to (its outbox subjects). */
export const STREAMS = [
  { name: 'SCORES', subjects: ['scores.>'] },
  { name: 'LEADERBOARD', subjects: ['leaderboard.>'] },
];

export interface RunningScores {
  port: number;
  /** `deleteStreams`: also remove this deployment's JetStream streams (test clean-up). */
  stop(options?: { deleteStreams?: boolean }): Promise<void>;
}

export interface ScoresOptions {
  /** "Now" for scores, weeks, seasons and stats (tests stand on a week's last millisecond). */
  now?: Clock;
  /** Replaces the gRPC read of a session's seed (tests of this service alone). */
  sessionLookup?: SessionLookup;
}

/** Composition root: config → connections → migrations → gRPC. Tests call it with their own env. */
export async function start(
  env: NodeJS.ProcessEnv = process.env,
  options: ScoresOptions = {},
): Promise<RunningScores> {
  const config = loadScoresConfig(env);
  const logger = createLogger('scores', config.LOG_LEVEL);
  const now = options.now ?? systemClock;
  const publicKey = loadPublicKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_DIR);

  if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const db = createKnex({ url: config.DATABASE_URL, schema: SCHEMA, poolMax: config.DB_POOL_MAX });
  await migrateLatest(db, SCHEMA, migrations);
  const redis = withBoardScripts(
    await connectRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }),
  );
  const bus = await connectEventBus({
    url: config.NATS_URL,
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    name: 'scores',
  });
  await ensureStreams(bus, STREAMS);
  const relay: OutboxRelay | null =
    config.OUTBOX_RELAY === 'on' ? startOutboxRelay({ db, bus, logger }) : null;
  const wake = () => relay?.wake();
  const sessions = options.sessionLookup ? null : sessionsClient(config.SESSIONS_ADDR);

  const scores = scoreStore(db);
  const weeks = weekStore(db);
  const seasons = seasonStore(db);
  const boards = boardStore(redis);
  const leaderboards = makeLeaderboards({
    scores,
    weeks,
    seasons,
    boards,
    now,
    cacheMs: config.TOP_CACHE_MS,
    logger,
  });
  const changed = () => leaderboards.invalidate();

  const server = createGrpcServer(logger);
  server.add(
    scoresV1.ScoreServiceService,
    'scores.v1.ScoreService',
    scoreHandlers({
      submissions: makeSubmissions({
        scores,
        weeks,
        seasons,
        boards,
        session: options.sessionLookup ?? sessions!.lookup,
        now,
        changed,
        wake,
        logger,
      }),
      leaderboards,
      seasons: seasonAdmin({ seasons, now, changed }),
      moderation: makeModeration({
        moderation: moderationStore(db),
        scores,
        weeks,
        seasons,
        boards,
        now,
        changed,
        wake,
        logger,
      }),
      stats: makeStats({ stats: statsStore(db), now, cacheMs: config.TOP_CACHE_MS }),
      authorize: adminAuthorizer(publicKey, redis),
      now,
    }),
  );
  const port = await server.start(config.GRPC_HOST, config.GRPC_PORT);
  logger.info({ port, relay: config.OUTBOX_RELAY }, 'scores listening');

  return {
    port,
    async stop({ deleteStreams: removeStreams = false } = {}) {
      await server.stop();
      await relay?.stop();
      sessions?.close();
      if (removeStreams) await deleteStreams(bus, STREAMS);
      await bus.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}

if (require.main === module) runProcess('scores', () => start());
