import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import globalTeardown from './global-teardown';
import { artifactsDir, repoRoot } from './paths';
import { STACK_ENV } from './stack-info';
import type { E2eState, StackModule } from './state';

/** What the stack runs; all of it comes from `node scripts/build.mjs`. */
const BUILT = [
  'packages/platform/dist/testing.js',
  'services/auth/dist/index.js',
  'services/sessions/dist/index.js',
  'services/scores/dist/index.js',
  'gateway/dist/index.js',
  'services/realtime/dist/index.js',
  'web/dist/index.html',
];

export const ADMIN_USERNAME = 'e2e_admin';

/** Ports the OS says are free right now: all held open together, so they differ. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts an isolated stack (own ports, database, Redis prefix, signing keys) for the run. */
export default async function globalSetup(): Promise<void> {
  const missing = BUILT.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
  if (missing.length) {
    throw new Error(
      `run \`node scripts/build.mjs\` first (npm test does it); missing: ${missing.join(', ')}`,
    );
  }

  // Loaded only now, after the check above, as they come from the build.
  const { createTestDatabase, testNatsPrefix, testRedisPrefix } =
    await import('@ballmatch/platform/testing');
  const stackModule = path.join(repoRoot, 'scripts/stack.mjs');
  const { startStack } = (await import(stackModule)) as StackModule;

  fs.mkdirSync(artifactsDir, { recursive: true });
  const logFile = path.join(artifactsDir, 'stack.log');
  const log = fs.createWriteStream(logFile, { flags: 'w' });
  const [gatewayPort, authPort, sessionsPort, scoresPort, realtimePort] = await freePorts(5);
  const database = await createTestDatabase('e2e');
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-e2e-keys-'));
  const adminPassword = `e2e-${randomBytes(12).toString('hex')}`;

  const natsPrefix = testNatsPrefix();
  const state: E2eState = { database, keyDir, log, natsPrefix };
  globalThis.__BALLMATCH_E2E__ = state;
  try {
    state.stack = await startStack({
      gatewayPort,
      authPort,
      sessionsPort,
      scoresPort,
      realtimePort,
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        REDIS_KEY_PREFIX: testRedisPrefix(),
        NATS_SUBJECT_PREFIX: natsPrefix,
        JWT_DEV_KEY_DIR: keyDir,
        ADMIN_USERNAME,
        ADMIN_PASSWORD: adminPassword,
        // Every journey signs in from 127.0.0.1; the default would throttle a full run.
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        // Journeys write some data straight into the database (past weeks); the gateway's 1 s
        // micro-cache of board lists would hide it from a journey that runs right after another.
        READ_CACHE_MS: '0',
      },
      log: (line) => log.write(line),
    });
  } catch (error) {
    await globalTeardown();
    throw new Error(
      `the e2e stack did not start: ${(error as Error).message}\n` +
        `last lines of ${path.relative(repoRoot, logFile)}:\n${tail(logFile, 30)}`,
      { cause: error },
    );
  }

  process.env[STACK_ENV.baseUrl] = state.stack.url;
  process.env[STACK_ENV.adminUsername] = ADMIN_USERNAME;
  process.env[STACK_ENV.adminPassword] = adminPassword;
  process.env[STACK_ENV.databaseUrl] = database.url;
}
