import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connectRedis,
  createGrpcClient,
  loadPublicKey,
  type AsyncClient,
  type Redis,
} from '@ballmatch/platform';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
} from '@ballmatch/platform/testing';
import { authV1 } from '@ballmatch/proto';
import { start, type RunningAuth } from '../src';

/** A real auth process-in-test: its own database, Redis prefix and key pair. */
export interface AuthHarness {
  client: AsyncClient<authV1.AuthServiceClient>;
  redis: Redis;
  publicKey: ReturnType<typeof loadPublicKey>;
  running: RunningAuth;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startAuth(extraEnv: NodeJS.ProcessEnv = {}): Promise<AuthHarness> {
  const database: TestDatabase = await createTestDatabase('auth');
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-keys-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    DATABASE_URL: database.url,
    REDIS_KEY_PREFIX: testRedisPrefix(),
    JWT_DEV_KEY_DIR: keyDir,
    ...extraEnv,
  };
  const running = await start(env);
  const client = createGrpcClient(
    authV1.AuthServiceClient,
    authV1.AuthServiceService,
    `127.0.0.1:${running.port}`,
    {
      serviceLabel: 'auth',
      defaultTimeoutMs: 5000,
    },
  );
  const redis = await connectRedis({
    url: 'redis://127.0.0.1:6379',
    keyPrefix: env.REDIS_KEY_PREFIX,
  });
  return {
    client,
    redis,
    running,
    env,
    publicKey: loadPublicKey(undefined, keyDir),
    async close() {
      client.close();
      const keys = await redis.keys('*');
      if (keys.length) await redis.del(...keys.map((k) => k.slice(env.REDIS_KEY_PREFIX.length)));
      redis.disconnect();
      await running.stop();
      await database.drop();
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
