import { createPublicKey } from 'node:crypto';
import {
  createServiceServer,
  openServiceConnections,
  runProcess,
  serveService,
  loadPrivateKey,
  loadPublicKey,
  signOutEverywhere,
  signSessionToken,
  type RunningService,
} from '@ballmatch/platform';
import { authV1, eventStreams } from '@ballmatch/proto';
import { loadAuthConfig, SERVICE_CALLERS } from './config';
import { CONSUMED_STREAMS, startAchievementConsumer } from './consumers';
import { createAchievements } from './domain/achievements';
import { createAccounts } from './domain/accounts';
import { createAccountDeletion } from './domain/deletion';
import { createNames } from './domain/names';
import { createNewUsers } from './domain/new-users';
import { createPasswordReset } from './domain/password-reset';
import { createAccountAdminHandlers } from './grpc/admin-handlers';
import { createAccountHandlers, createAuthHandlers, createNameHandlers } from './grpc/handlers';
import { createAchievementHandlers } from './grpc/achievement-handlers';
import { createMailer } from './mailer';
import { migrations } from './migrations';
import { createAchievementStore } from './store/achievements';
import { createRedisFailureCounter } from './store/failure-counter';
import { createNewUserStore } from './store/new-users';
import { createPasswordResetStore } from './store/password-resets';
import { createRedisResetLimits } from './store/reset-limits';
import { createUserStore } from './store/users';

export const SCHEMA = 'auth';

/** The JetStream streams this service publishes to (its outbox subjects). */
export const STREAMS = eventStreams('userDeleted', 'userNamed', 'achievementAwarded');

export type RunningAuth = RunningService;

export interface AuthOptions {
  /**
   * "Now" for the admins' new-user figures (which day is today: tests stand before midnight)
   * and for password reset links (their hour).
   */
  now?: () => Date;
}

/** Its PostgreSQL schema and migrations, and the streams it publishes to and reads. */
const STORAGE = { schema: SCHEMA, migrations, streams: STREAMS, consumedStreams: CONSUMED_STREAMS };

/** Composition root: config → connections → migrations → gRPC. Tests call it with their own env. */
export async function start(env = process.env, options: AuthOptions = {}): Promise<RunningAuth> {
  const config = loadAuthConfig(env);
  const privateKey = loadPrivateKey(config.JWT_PRIVATE_KEY, config.JWT_DEV_KEY_DIR);
  const connections = await openServiceConnections({ service: 'auth', config, ...STORAGE });
  const { logger, db, redis, bus, relay } = connections;
  const now = options.now ?? (() => new Date());

  const users = createUserStore(db, { wake: () => relay.wake() });
  const accounts = createAccounts({
    users,
    failures: createRedisFailureCounter(redis),
    signToken: (user, issuedAt) =>
      signSessionToken(
        privateKey,
        { userId: user.id, role: user.type },
        config.JWT_TTL_SECONDS,
        issuedAt,
      ),
    signOutEverywhere: (userId) => signOutEverywhere(redis, userId),
  });
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    const outcome = await accounts.ensureAdmin({
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
    });
    logger.info({ username: config.ADMIN_USERNAME, outcome }, 'admin account from environment');
  }

  // 'Forgot password?': not available without a mail server (SMTP_HOST).
  const mailer = createMailer(config);
  if (!mailer) logger.warn('no SMTP_HOST: password reset is not available');
  const reset = createPasswordReset({
    findByEmail: (email) => users.byEmail(email),
    resets: createPasswordResetStore(db),
    limits: createRedisResetLimits(redis),
    mailer,
    origin: config.PUBLIC_ORIGIN,
    signOutEverywhere: (userId) => signOutEverywhere(redis, userId),
    now,
    logger,
  });

  const deletion = createAccountDeletion({
    users,
    getUser: (userId) => accounts.getUser(userId),
    signOutEverywhere: (userId) => signOutEverywhere(redis, userId),
    wake: () => relay.wake(),
  });

  const achievements = createAchievements({
    store: createAchievementStore(db),
    wake: () => relay.wake(),
    logger,
  });
  const consumer = await startAchievementConsumer({ db, bus, logger, achievements });

  const names = createNames(users);
  // Its own key, and while the signing key is rotated the others in JWT_PUBLIC_KEY: a session
  // signed with the previous key still reaches auth until it expires.
  const publicKey = [
    createPublicKey(privateKey),
    ...(config.JWT_PUBLIC_KEY ? loadPublicKey(config.JWT_PUBLIC_KEY) : []),
  ];
  const server = createServiceServer(logger, config, {
    name: 'auth',
    callers: SERVICE_CALLERS,
    redis,
    publicKey,
  });
  // Signing in counts failures per client address: only the gateway's word on it is taken.
  server.add(authV1.AuthServiceService, createAuthHandlers(accounts, reset), {
    access: { service: ['gateway'] },
  });
  // Who owns a name (an account id), and every account's name: scores' own table of them.
  server.add(authV1.NameServiceService, createNameHandlers(names), {
    access: { service: ['scores'] },
  });
  server.add(authV1.AccountServiceService, createAccountHandlers(accounts, deletion, redis), {
    access: 'user',
  });
  server.add(authV1.AchievementServiceService, createAchievementHandlers(achievements), {
    access: 'user',
  });
  server.add(
    authV1.AccountAdminServiceService,
    createAccountAdminHandlers(createNewUsers({ store: createNewUserStore(db), now })),
    { access: 'admin' },
  );
  const running = await serveService(server, config, connections, async () => {
    await consumer.stop();
    mailer?.close();
  });
  logger.info({ port: running.port }, 'auth listening');
  return running;
}

if (require.main === module) runProcess('auth', () => start());
