import { randomUUID } from 'node:crypto';
import { grpcAction, playOut, type PlayOptions, type RankedAction } from '@ballmatch/kit';
import {
  bearer,
  createGrpcClient,
  createKnex,
  deleteStreams,
  type AsyncClient,
  type CallOpts,
  type EventBus,
  type Knex,
  type Redis,
} from '@ballmatch/platform';
import {
  connectTestBus,
  connectTestRedis,
  createTestCredentials,
  createTestDatabase,
  eventually,
  testNatsPrefix,
  testRedisPrefix,
  TestClock,
  testServiceEnv,
} from '@ballmatch/platform/testing';
import { authV1, scoresV1, sessionsV1 } from '@ballmatch/proto';
import { start as startAuthService, type RunningAuth } from '../../auth/src';
import { start as startSessions, type RunningSessions } from '../../sessions/src';
import { start, STREAMS, type RunningScores } from '../src';

/** A ranked game played through the sessions service, as its owner knows it. */
export interface Game {
  sessionId: string;
  /** The session's credential: submissions of the game carry it. */
  credential: string;
  playerName: string;
  score: number;
  level: number;
  moves: number;
  /** As the game was left (ended unless `finish: false`). */
  status: string;
  /** The ended game's result as sessions signed it ('' while it is played). */
  result: string;
}

export type NewGameOptions = Partial<Omit<PlayOptions<sessionsV1.Game>, 'advance'>> & {
  /** The session token of the account that plays it (default: a guest). */
  account?: string;
};

/**
 * The real sessions and scores services in this test process, each with its own database;
 * scores with its own Redis prefix and NATS subject prefix and an injectable clock.
 */
/** The public services of scores as one client (the tests call them as a guest). */
export type PublicClient = AsyncClient<scoresV1.ScoreServiceClient> &
  AsyncClient<scoresV1.LeaderboardServiceClient> &
  AsyncClient<scoresV1.StatsServiceClient>;
export type AdminClient = AsyncClient<scoresV1.ScoresAdminServiceClient>;

export interface ScoresHarness {
  client: PublicClient;
  /** The admin service, called with an admin's token. */
  admin: AdminClient;
  /** The admin service called with this `authorization` value (none: a guest). */
  adminClientAs(authorization?: string): AdminClient;
  /**
   * Submits as a guest with the session's credential (unless `opts` gives another) and
   * answers the stored score; `submitScore` answers its review state too.
   */
  submit(request: scoresV1.SubmitScoreRequest, opts?: CallOpts): Promise<scoresV1.Score>;
  submitScore(
    request: scoresV1.SubmitScoreRequest,
    opts?: CallOpts,
  ): Promise<scoresV1.SubmitScoreResponse>;
  /**
   * The sessions service as the gateway calls it (its identity), but for the scoring read, made
   * as this service makes it (scores' identity).
   */
  sessions: AsyncClient<sessionsV1.SessionServiceClient>;
  /** Player tracking of the sessions service, called by an admin (to flag a session). */
  sessionsAdmin: AsyncClient<sessionsV1.SessionAdminServiceClient>;
  /**
   * The sessions service's clock: it times the actions (moved only forwards by newGame, to
   * scores' clock when that is ahead).
   */
  sessionsClock: TestClock;
  /** The real auth service (who owns a name): register players with it, as the gateway. */
  auth: AsyncClient<authV1.AuthServiceClient>;
  /**
   * Registers an account with auth and answers its id and token, and clients signed in as it:
   * scores' ScoreService and auth's AccountService (rename, delete).
   */
  signUp(username: string): Promise<SignedUp>;
  /** Stops auth and starts it again on its port. */
  stopAuth(): Promise<void>;
  restartAuth(): Promise<void>;
  /** Stops sessions (no game can be read from it) and starts it again on its port. */
  stopSessions(): Promise<void>;
  restartSessions(): Promise<void>;
  redis: Redis;
  bus: EventBus;
  db: Knex;
  clock: TestClock;
  env: NodeJS.ProcessEnv;
  adminToken: string;
  playerToken: string;
  /**
   * A new session and a game played through it at a person's uneven pace (or `gapMs`), to its
   * end (or `maxMoves` swaps, then ended unless `finish: false`).
   */
  newGame(playerName?: string, options?: NewGameOptions): Promise<Game>;
  /**
   * The page's submission of the game: with its signed result (the one-step path), unless
   * `override` says otherwise (`result: ''`: the game is read from sessions, as older clients).
   */
  submission(
    game: Game,
    override?: Partial<scoresV1.SubmitScoreRequest>,
  ): scoresV1.SubmitScoreRequest;
  /** Deletes every Redis key of this run (as a flushed Redis would), others' keys untouched. */
  flushRedis(): Promise<void>;
  stopScores(): Promise<void>;
  startScores(extraEnv?: NodeJS.ProcessEnv): Promise<void>;
  close(): Promise<void>;
}

/** A registered player (ScoresHarness.signUp). */
export interface SignedUp {
  id: string;
  token: string;
  client: AsyncClient<scoresV1.ScoreServiceClient>;
  account: AsyncClient<authV1.AccountServiceClient>;
}

let gameCount = 0;
let signUps = 0;

export async function startHarness(extraEnv: NodeJS.ProcessEnv = {}): Promise<ScoresHarness> {
  const sessionsDb = await createTestDatabase('sessions');
  const scoresDb = await createTestDatabase('scores');
  const authDb = await createTestDatabase('auth');
  const keys = createTestCredentials();
  // One Redis prefix and NATS prefix for the three: scores consumes auth's user.deleted.
  const shared = { REDIS_KEY_PREFIX: testRedisPrefix(), NATS_SUBJECT_PREFIX: testNatsPrefix() };
  const authEnv = testServiceEnv(authDb.url, keys, shared);
  let authService: RunningAuth | undefined = await startAuthService(authEnv);
  authEnv.GRPC_PORT = String(authService.port);
  // The sessions service times the games' actions by this clock: set once, then only moved on
  // (games played at once share it, so it never goes back).
  const sessionsClock = new TestClock();
  sessionsClock.set(Date.now());
  const sessionsEnv = testServiceEnv(sessionsDb.url, keys, {
    ...shared,
    GAME_WS_PORT: '0',
    RANKED_STARTS_PER_HOUR_PER_ADDRESS: '100000',
    RANKED_STARTS_PER_HOUR_PER_PLAYER: '100000',
  });
  // Every game here earned its extra moves (the ads service is not part of these tests).
  const startSessionsService = () =>
    startSessions(sessionsEnv, { now: sessionsClock.now, rewardClicks: async () => true });
  let sessionsService: RunningSessions | undefined = await startSessionsService();
  sessionsEnv.GRPC_PORT = String(sessionsService.port);
  const sessionsPort = sessionsService.port;
  const env = testServiceEnv(scoresDb.url, keys, {
    ...shared,
    SESSIONS_ADDR: `127.0.0.1:${sessionsPort}`,
    AUTH_ADDR: `127.0.0.1:${authService.port}`,
    ...extraEnv,
  });
  const clock = new TestClock();
  let scores: RunningScores | undefined = await start(env, { now: clock.now });
  env.GRPC_PORT = String(scores.port);

  const scoresAddr = `127.0.0.1:${scores.port}`;
  const scoresOptions = { serviceLabel: 'scores', defaultTimeoutMs: 10_000 };
  const publicClients = [
    createGrpcClient(
      scoresV1.ScoreServiceClient,
      scoresV1.ScoreServiceService,
      scoresAddr,
      scoresOptions,
    ),
    createGrpcClient(
      scoresV1.LeaderboardServiceClient,
      scoresV1.LeaderboardServiceService,
      scoresAddr,
      scoresOptions,
    ),
    createGrpcClient(
      scoresV1.StatsServiceClient,
      scoresV1.StatsServiceService,
      scoresAddr,
      scoresOptions,
    ),
  ];
  const client = Object.assign({}, ...publicClients, {
    close: () => publicClients.forEach((c) => c.close()),
  }) as PublicClient;
  const adminClients: AdminClient[] = [];
  const adminClientAs = (authorization?: string) => {
    const made = createGrpcClient(
      scoresV1.ScoresAdminServiceClient,
      scoresV1.ScoresAdminServiceService,
      scoresAddr,
      { ...scoresOptions, authorization },
    );
    adminClients.push(made);
    return made;
  };
  const sessionsAs = (service: 'gateway' | 'scores', authorization?: string) =>
    createGrpcClient(
      sessionsV1.SessionServiceClient,
      sessionsV1.SessionServiceService,
      `127.0.0.1:${sessionsPort}`,
      {
        serviceLabel: 'sessions',
        defaultTimeoutMs: 5000,
        credential: keys.service(service),
        authorization,
      },
    );
  const [sessionsForGateway, sessionsForScores] = [sessionsAs('gateway'), sessionsAs('scores')];
  const sessions: AsyncClient<sessionsV1.SessionServiceClient> = {
    ...sessionsForGateway,
    getSessionForScoring: sessionsForScores.getSessionForScoring,
    close: () => [sessionsForGateway, sessionsForScores].forEach((c) => c.close()),
  };
  const auth = createGrpcClient(
    authV1.AuthServiceClient,
    authV1.AuthServiceService,
    `127.0.0.1:${authService.port}`,
    { serviceLabel: 'auth', defaultTimeoutMs: 5000, credential: keys.service('gateway') },
  );
  async function signUp(username: string): Promise<SignedUp> {
    signUps += 1;
    const { user, token } = await auth.register({
      username,
      email: `player${signUps}-${process.pid}@example.com`,
      password: 'correct horse battery',
      evmWallet: '',
    });
    const client = createGrpcClient(
      scoresV1.ScoreServiceClient,
      scoresV1.ScoreServiceService,
      scoresAddr,
      { ...scoresOptions, authorization: bearer(token) },
    );
    const account = createGrpcClient(
      authV1.AccountServiceClient,
      authV1.AccountServiceService,
      `127.0.0.1:${authEnv.GRPC_PORT}`,
      { serviceLabel: 'auth', defaultTimeoutMs: 10_000, authorization: bearer(token) },
    );
    signedUp.push(client, account);
    return { id: user!.id, token, client, account };
  }
  const signedUp: { close(): void }[] = [];

  const redis = await connectTestRedis(env);
  const bus = await connectTestBus(env, 'scores-test');
  const db = createKnex({ url: scoresDb.url, schema: 'scores' });
  const adminToken = (await keys.issue('admin')).token;
  const playerToken = (await keys.issue('user')).token;
  const admin = adminClientAs(bearer(adminToken));
  const sessionsAdmin = createGrpcClient(
    sessionsV1.SessionAdminServiceClient,
    sessionsV1.SessionAdminServiceService,
    `127.0.0.1:${sessionsPort}`,
    { serviceLabel: 'sessions', defaultTimeoutMs: 5000, authorization: bearer(adminToken) },
  );
  /** Each game's credential, by session id. */
  const credentials = new Map<string, string>();
  const withCredential = (request: scoresV1.SubmitScoreRequest, opts: CallOpts = {}) => ({
    sessionCredential: credentials.get(request.sessionId),
    ...opts,
  });

  return {
    client,
    admin,
    adminClientAs,
    submit: async (request, opts) =>
      (await client.submitScore(request, withCredential(request, opts))).score!,
    submitScore: (request, opts) => client.submitScore(request, withCredential(request, opts)),
    sessions,
    sessionsAdmin,
    sessionsClock,
    auth,
    signUp,
    async stopAuth() {
      await authService?.stop();
      authService = undefined;
    },
    async restartAuth() {
      authService ??= await startAuthService(authEnv);
      // Once this client's channel has reconnected: auth answers (any answer but UNAVAILABLE).
      await eventually(
        async () => {
          const answer = await auth
            .login({ email: 'nobody@example.com', password: 'not a password' })
            .catch((error: { code?: string }) => error);
          expect((answer as { code?: string }).code).not.toBe('UNAVAILABLE');
        },
        { timeoutMs: 10_000 },
      );
    },
    async stopSessions() {
      await sessionsService?.stop();
      sessionsService = undefined;
    },
    async restartSessions() {
      sessionsService ??= await startSessionsService();
    },
    redis,
    bus,
    db,
    clock,
    env,
    adminToken,
    playerToken,
    async newGame(playerName, { account, ...options } = {}) {
      gameCount += 1;
      // A game ends shortly before it is submitted: played at scores' time when a test has
      // moved scores' clock ahead (its signed result would otherwise have expired there).
      if (clock.nowMs() > sessionsClock.nowMs()) sessionsClock.set(clock.nowMs());
      const name = playerName ?? `Player ${gameCount}`;
      const player = account ? sessionsAs('gateway', bearer(account)) : sessions;
      const created = await player.createSession(
        { playerName: name, clientSessionId: randomUUID(), deviceFingerprint: 'f'.repeat(50) },
        { clientAddress: '203.0.113.9' },
      );
      const { id, credential } = created;
      credentials.set(id, credential);
      const send = async (seq: number, action: RankedAction) => {
        const answer = await player.playAction(
          { id, seq, action: grpcAction(action) },
          { sessionCredential: credential },
        );
        return { ...answer, game: answer.game! };
      };
      const final = await playOut(created.game!, send, {
        rngSeed: gameCount,
        ...options,
        advance: (ms) => sessionsClock.advance(ms),
      }).finally(() => {
        if (player !== sessions) player.close();
      });
      return {
        sessionId: id,
        credential,
        playerName: name,
        score: final.score,
        level: final.level!.currentLevel,
        moves: final.totalMoves,
        status: final.status,
        result: final.result ?? '',
      };
    },
    submission(game, override = {}) {
      return {
        playerName: game.playerName,
        score: game.score,
        level: game.level,
        moves: game.moves,
        sessionId: game.sessionId,
        result: game.result,
        ...override,
      };
    },
    flushRedis: () => redis.flush(),
    async stopScores() {
      await scores?.stop();
      scores = undefined;
    },
    async startScores(extra = {}) {
      scores = await start({ ...env, ...extra }, { now: clock.now });
    },
    async close() {
      client.close();
      adminClients.forEach((c) => c.close());
      signedUp.forEach((c) => c.close());
      sessions.close();
      sessionsAdmin.close();
      auth.close();
      await scores?.stop();
      await sessionsService?.stop({ deleteStreams: true });
      await authService?.stop({ deleteStreams: true });
      await redis.flush();
      redis.disconnect();
      await deleteStreams(bus, STREAMS);
      await bus.close();
      await db.destroy();
      await scoresDb.drop();
      await sessionsDb.drop();
      await authDb.drop();
      keys.remove();
    },
  };
}
