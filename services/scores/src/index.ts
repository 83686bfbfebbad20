import {
  createServiceServer,
  openServiceConnections,
  runProcess,
  serveService,
  loadServicePublicKeys,
  serviceIdentityFromConfig,
  type RunningService,
} from '@ballmatch/platform';
import { eventStreams, scoresV1 } from '@ballmatch/proto';
import { createAuthClient } from './clients/auth';
import { createSessionsClient } from './clients/sessions';
import { loadScoresConfig } from './config';
import { CONSUMED_STREAMS, startConsumers } from './consumers';
import { createBoardRepairs } from './domain/board-repairs';
import { systemClock, type Clock } from './domain/clock';
import { createLeaderboards } from './domain/leaderboards';
import { createModeration } from './domain/moderation';
import { createMyScores } from './domain/my-scores';
import { createReview } from './domain/review';
import { createSeasonAdmin } from './domain/seasons';
import { createStats } from './domain/stats';
import { createAccountNames } from './domain/account-names';
import { createSubmissions, type SessionLookup } from './domain/submissions';
import {
  createLeaderboardHandlers,
  createScoreHandlers,
  createScoresAdminHandlers,
  createStatsHandlers,
  type ScoresDomain,
} from './grpc/handlers';
import { createMyScoresHandlers } from './grpc/my-scores';
import { migrations } from './migrations';
import { createAccountNameStore } from './store/account-names';
import { createAccountScoreStore } from './store/account-scores';
import { withBoardScripts } from './store/board-scripts';
import { createBoardWriteStore } from './store/board-writes';
import { createBoardStore } from './store/boards';
import { createModerationStore } from './store/moderation';
import { createReviewStore } from './store/review';
import { createScoreStore } from './store/scores';
import { createSeasonStore } from './store/seasons';
import { createStatsStore } from './store/stats';
import { createWeekStore } from './store/weeks';

export const SCHEMA = 'scores';

/** The JetStream streams this service publishes to (its outbox subjects). */
export const STREAMS = eventStreams('scoreCreated', 'leaderboardUpdated');

export type RunningScores = RunningService;

export interface ScoresOptions {
  /** "Now" for scores, weeks, seasons and stats (tests stand on a week's last millisecond). */
  now?: Clock;
  /** Replaces the gRPC read of a session's seed (tests of this service alone). */
  sessionLookup?: SessionLookup;
  /** The first wait before the one-off fill of the account names is tried again (1 s). */
  nameFillRetryMs?: number;
}

/** Composition root: config → connections → migrations → gRPC. Tests call it with their own env. */
export async function start(
  env = process.env,
  options: ScoresOptions = {},
): Promise<RunningScores> {
  const config = loadScoresConfig(env);
  const connections = await openServiceConnections({
    service: 'scores',
    config,
    schema: SCHEMA,
    migrations,
    streams: STREAMS,
    consumedStreams: CONSUMED_STREAMS,
    // relay is null when OUTBOX_RELAY is off (config.ts says when).
    outboxRelay: config.OUTBOX_RELAY === 'on',
  });
  const { logger, db, bus, relay } = connections;
  const now = options.now ?? systemClock;
  // The boards' Lua scripts, registered on the one connection (telemetry watches it too).
  const redis = withBoardScripts(connections.redis);
  const wake = () => relay?.wake();
  // Sessions and auth answer its reads only with its identity; nobody calls it by one.
  const identity = serviceIdentityFromConfig(config, { name: 'scores', signs: true, callers: [] });
  const credential = identity.credential!;
  const sessions = options.sessionLookup
    ? null
    : createSessionsClient(config.SESSIONS_ADDR, credential);
  // The game results sessions signs are checked with its public keys: no call to it.
  const resultKeys = loadServicePublicKeys(
    'sessions',
    config.SESSIONS_SERVICE_PUBLIC_KEY || undefined,
    config.JWT_DEV_KEY_DIR,
  );
  // Who owns a name: this service's own table, fed by auth's events, filled once from auth.
  const auth = createAuthClient(config.AUTH_ADDR, credential);
  const accountNames = createAccountNames({
    store: createAccountNameStore(db),
    pages: auth.pages,
    now,
    logger,
    retryMs: options.nameFillRetryMs,
  });
  const names = accountNames.lookup;

  const scores = createScoreStore(db);
  const weeks = createWeekStore(db);
  const seasons = createSeasonStore(db);
  const boards = createBoardStore(redis);
  await boards.dropOldLayouts();
  const leaderboards = createLeaderboards({
    scores,
    weeks,
    seasons,
    boards,
    now,
    cacheMs: config.TOP_CACHE_MS,
    logger,
  });
  const changed = () => leaderboards.invalidate();
  const repairs = createBoardRepairs({
    writes: createBoardWriteStore(db),
    boards,
    now,
    changed,
    logger,
  });
  repairs.start();
  redis.on('ready', () => repairs.ready());
  const review = createReview({
    review: createReviewStore(db),
    weeks,
    seasons,
    boards,
    repairs,
    now,
    changed,
    wake,
    logger,
  });

  const domain: ScoresDomain = {
    submissions: createSubmissions({
      scores,
      weeks,
      seasons,
      boards,
      repairs,
      session: options.sessionLookup ?? sessions!.lookup,
      resultKeys,
      names,
      namesReady: accountNames.mustBeReady,
      now,
      changed,
      wake,
      review,
      logger,
    }),
    leaderboards,
    review,
    seasons: createSeasonAdmin({ seasons, now, changed }),
    moderation: createModeration({
      moderation: createModerationStore(db),
      scores,
      weeks,
      seasons,
      boards,
      repairs,
      names,
      now,
      changed,
      wake,
      logger,
    }),
    stats: createStats({ stats: createStatsStore(db), now, cacheMs: config.TOP_CACHE_MS }),
    now,
  };
  const consumers = await startConsumers({
    db,
    bus,
    logger,
    review,
    stats: domain.stats,
    moderation: domain.moderation,
    accountNames,
  });
  await accountNames.start();
  const server = createServiceServer(logger, config, { name: 'scores', callers: [], redis });
  server.add(scoresV1.ScoreServiceService, createScoreHandlers(domain));
  server.add(scoresV1.LeaderboardServiceService, createLeaderboardHandlers(domain));
  server.add(scoresV1.StatsServiceService, createStatsHandlers(domain));
  server.add(
    scoresV1.MyScoresServiceService,
    createMyScoresHandlers(
      createMyScores({ accountScores: createAccountScoreStore(db), scores, leaderboards }),
    ),
    { access: 'user' },
  );
  server.add(scoresV1.ScoresAdminServiceService, createScoresAdminHandlers(domain), {
    access: 'admin',
  });
  const running = await serveService(server, config, connections, async () => {
    await consumers.stop();
    await repairs.stop();
    accountNames.stop();
    sessions?.close();
    auth.close();
  });
  logger.info({ port: running.port, relay: config.OUTBOX_RELAY }, 'scores listening');
  return running;
}

if (require.main === module) runProcess('scores', () => start());
