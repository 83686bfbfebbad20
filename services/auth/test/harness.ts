import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bearer,
  connectEventBus,
  connectRedis,
  createGrpcClient,
  createKnex,
  loadPublicKey,
  type AsyncClient,
  type EventBus,
  type Knex,
  type Redis,
} from '@ballmatch/platform';
import {
  createTestCredentials,
  createTestDatabase,
  testNatsPrefix,
  testRedisPrefix,
  withClientAddress,
  type TestDatabase,
  type WithClientAddress,
} from '@ballmatch/platform/testing';
import { authV1 } from '@ballmatch/proto';
import { start, type AuthOptions, type RunningAuth } from '../src';

/** A real auth process-in-test: its own database, Redis prefix and key pair. */
export interface AuthHarness {
  /** Signing in, called as the gateway calls it (its identity; `clientAddress` the browser's). */
  client: WithClientAddress<AsyncClient<authV1.AuthServiceClient>>;
  /** Who owns a name, called as scores calls it (its identity). */
  names: AsyncClient<authV1.NameServiceClient>;
  /** The account service called with this session token, as the gateway forwards it. */
  accountAs(token: string): AsyncClient<authV1.AccountServiceClient>;
  redis: Redis;
  /** Connected with the service's subject prefix, to hear what it publishes. */
  bus: EventBus;
  db: Knex;
  publicKey: ReturnType<typeof loadPublicKey>;
  running: RunningAuth;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** `serviceOptions`: as start's (a test clock for the new-user figures). */
export async function startAuth(
  extraEnv: NodeJS.ProcessEnv = {},
  serviceOptions: AuthOptions = {},
): Promise<AuthHarness> {
  const database: TestDatabase = await createTestDatabase('auth');
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-keys-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    DATABASE_URL: database.url,
    REDIS_KEY_PREFIX: testRedisPrefix(),
    NATS_SUBJECT_PREFIX: testNatsPrefix(),
    JWT_DEV_KEY_DIR: keyDir,
    ...extraEnv,
  };
  const running = await start(env, serviceOptions);
  const address = `127.0.0.1:${running.port}`;
  const options = { serviceLabel: 'auth', defaultTimeoutMs: 5000 };
  const services = createTestCredentials(keyDir);
  const client = createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, address, {
    ...options,
    credential: services.service('gateway'),
  });
  const names = createGrpcClient(authV1.NameServiceClient, authV1.NameServiceService, address, {
    ...options,
    credential: services.service('scores'),
  });
  const opened: { close(): void }[] = [client, names];
  const accountAs = (token: string) => {
    const made = createGrpcClient(
      authV1.AccountServiceClient,
      authV1.AccountServiceService,
      address,
      { ...options, authorization: bearer(token) },
    );
    opened.push(made);
    return made;
  };
  const redis = await connectRedis({
    url: 'redis://127.0.0.1:6379',
    keyPrefix: env.REDIS_KEY_PREFIX,
  });
  const db = createKnex({ url: database.url, schema: 'auth' });
  const bus = await connectEventBus({
    url: 'nats://127.0.0.1:4222',
    subjectPrefix: env.NATS_SUBJECT_PREFIX,
    name: 'auth-test',
  });
  return {
    client: withClientAddress(client),
    names,
    accountAs,
    redis,
    bus,
    db,
    running,
    env,
    publicKey: loadPublicKey(undefined, keyDir),
    async close() {
      opened.forEach((c) => c.close());
      const keys = await redis.keys('*');
      if (keys.length) await redis.del(...keys.map((k) => k.slice(env.REDIS_KEY_PREFIX.length)));
      redis.disconnect();
      await db.destroy();
      await bus.close();
      await running.stop({ deleteStreams: true });
      await database.drop();
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
