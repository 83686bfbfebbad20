import {
  bearer,
  createGrpcClient,
  createKnex,
  loadPublicKey,
  type AsyncClient,
  type EventBus,
  type Knex,
  type Redis,
} from '@ballmatch/platform';
import {
  clientList,
  connectTestBus,
  connectTestRedis,
  prepareTestService,
  withClientAddress,
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
  const { env, database, credentials, remove } = await prepareTestService('auth', extraEnv);
  const running = await start(env, serviceOptions);
  const address = `127.0.0.1:${running.port}`;
  const options = { serviceLabel: 'auth', defaultTimeoutMs: 5000 };
  const { track, closeAll } = clientList();
  const client = track(
    createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, address, {
      ...options,
      credential: credentials.service('gateway'),
    }),
  );
  const names = track(
    createGrpcClient(authV1.NameServiceClient, authV1.NameServiceService, address, {
      ...options,
      credential: credentials.service('scores'),
    }),
  );
  const accountAs = (token: string) =>
    track(
      createGrpcClient(authV1.AccountServiceClient, authV1.AccountServiceService, address, {
        ...options,
        authorization: bearer(token),
      }),
    );
  const redis = await connectTestRedis(env);
  const db = createKnex({ url: database.url, schema: 'auth' });
  const bus = await connectTestBus(env, 'auth-test');
  return {
    client: withClientAddress(client),
    names,
    accountAs,
    redis,
    bus,
    db,
    running,
    env,
    publicKey: loadPublicKey(undefined, credentials.env.JWT_DEV_KEY_DIR),
    async close() {
      closeAll();
      await redis.flush();
      redis.disconnect();
      await db.destroy();
      await bus.close();
      await running.stop({ deleteStreams: true });
      await remove();
    },
  };
}
