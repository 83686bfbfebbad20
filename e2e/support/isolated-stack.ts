import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackPorts } from '@ballmatch/kit';
import { repoRoot } from './paths';

/**
 * What an isolated stack runs on: its own ports, database, Redis key prefix, NATS subject
 * prefix, signing keys and admin password. globalSetup starts the run's shared stack on one;
 * a journey that must restart services starts its own (support/restartable-stack.ts).
 */
export interface StackResources {
  /** Every port of the stack (@ballmatch/kit's PORT_NAMES), free ones. */
  ports: StackPorts;
  env: Record<string, string>;
  database: { url: string; drop(): Promise<void> };
  keyDir: string;
  natsPrefix: string;
  adminPassword: string;
}

export const ADMIN_USERNAME = 'e2e_admin';

export async function prepareStack(label = 'e2e'): Promise<StackResources> {
  // Loaded only now, as it comes from the build when globalSetup runs.
  const { createTestDatabase, freePorts, testNatsPrefix, testRedisPrefix } =
    await import('@ballmatch/platform/testing');
  const { PORT_NAMES, portsFrom } = await import('@ballmatch/kit');
  const ports = portsFrom(await freePorts(PORT_NAMES.length));
  const database = await createTestDatabase(label);
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), `bm-${label}-keys-`));
  const adminPassword = `e2e-${randomBytes(12).toString('hex')}`;
  const natsPrefix = testNatsPrefix();
  return {
    ports,
    database,
    keyDir,
    natsPrefix,
    adminPassword,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: testRedisPrefix(),
      NATS_SUBJECT_PREFIX: natsPrefix,
      JWT_DEV_KEY_DIR: keyDir,
      // One for every gateway of the stack (the scaled stack's two too), as replicas share it.
      AD_CLIENT_KEY_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_USERNAME,
      ADMIN_PASSWORD: adminPassword,
      // Every journey signs in from 127.0.0.1; the default would throttle a full run.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      // Journeys write some data straight into the database (past weeks); the gateway's 1 s
      // micro-cache of board lists would hide it from a journey that runs right after another.
      READ_CACHE_MS: '0',
    },
  };
}

/** Deletes the JetStream streams the services made for this run (named after its prefix). */
async function deleteRunStreams(natsPrefix: string): Promise<void> {
  const { connectEventBus, streamName } = await import('@ballmatch/platform');
  const bus = await connectEventBus({
    url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: natsPrefix,
    name: 'e2e-teardown',
  });
  try {
    const jsm = await bus.connection.jetstreamManager();
    const own = streamName(natsPrefix, '');
    const names: string[] = [];
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(own)) names.push(stream.config.name);
    }
    for (const name of names) await jsm.streams.delete(name);
  } finally {
    await bus.close();
  }
}

/** Drops a stopped stack's database and streams, and removes its signing keys. */
export async function releaseStack(
  resources: Pick<StackResources, 'database' | 'keyDir'> & { natsPrefix?: string },
): Promise<void> {
  try {
    await resources.database.drop();
    if (resources.natsPrefix) await deleteRunStreams(resources.natsPrefix);
  } finally {
    fs.rmSync(resources.keyDir, { recursive: true, force: true });
  }
}

export function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export const logName = (file: string) => path.relative(repoRoot, file);
